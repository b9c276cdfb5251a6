import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Modal } from 'antd';
import { useState } from 'react';
import { setToken } from '@/lib/api/tokens';
import { json, makeSession, renderRoutes, stubApi } from '@/test/render';
import { DEWI, GONE, reassignmentRow, RIZKY } from '../test-fixtures';
import { ChangeOwnerDialog, NEW_OWNER_MISSING, REASON_MISSING, type OwnerChangeLead } from './change-owner-dialog';

afterEach(() => Modal.destroyAll());

const CORE: OwnerChangeLead = { id: 11, projectName: 'Core Banking', salesPersonId: RIZKY.id, salesFullname: RIZKY.fullname };
const SOC: OwnerChangeLead = { id: 12, projectName: 'SOC Service', salesPersonId: DEWI.id, salesFullname: DEWI.fullname };
const SARI = { ...DEWI, id: 8, fullname: 'Sari Wulandari', username: 'sales1' };

/** A page that opens the dialog for the leads, and says when it is done. */
function Opener({ leads }: { leads: OwnerChangeLead[] }) {
  const [open, setOpen] = useState(true);
  const [done, setDone] = useState(false);
  return (
    <>
      {done && <p>done</p>}
      <ChangeOwnerDialog leads={leads} open={open} onClose={() => setOpen(false)} onDone={() => setDone(true)} />
    </>
  );
}

async function start(leads: OwnerChangeLead[], answer: (body: unknown) => Response) {
  setToken('a');
  const bodies: unknown[] = [];
  stubApi(makeSession(), (req, url) => {
    if (url.pathname === '/api/assignment-monitoring/people') return json(200, { results: [RIZKY, DEWI, GONE, SARI] });
    if (url.pathname === '/api/assignment-monitoring/owner-changes' && req.method === 'POST') {
      return req.json().then((body: unknown) => {
        bodies.push(body);
        return answer(body);
      });
    }
    return undefined;
  });
  await renderRoutes([{ path: '/', element: <Opener leads={leads} /> }], '/');
  return bodies;
}

async function chooseOwner(name: string): Promise<string[]> {
  fireEvent.mouseDown(await screen.findByLabelText('New owner'));
  const options = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')];
    if (found.length === 0) throw new Error('no options yet');
    return found;
  });
  fireEvent.click(options.find((o) => o.textContent === name)!);
  return options.map((o) => o.textContent ?? '');
}

describe('ChangeOwnerDialog', () => {
  it("moves a lead to one of the people offered, with a reason, and tells the server's message", async () => {
    const message = '1 lead moved from Rizky Hidayat to Dewi Anggraini.';
    const bodies = await start([CORE], () =>
      json(200, { results: { leadCount: 1, reassignments: [reassignmentRow(5)], message } }),
    );
    expect(await screen.findByText('Core Banking')).toBeInTheDocument();
    expect(screen.getByText(/belongs to Rizky Hidayat/)).toBeInTheDocument();
    const ok = screen.getByRole('button', { name: 'Change Owner' });
    expect(ok).toBeDisabled();
    // its hint says what is missing (the tooltip of the disabled button)
    fireEvent.mouseEnter(ok.parentElement!);
    expect(await screen.findByText(`${NEW_OWNER_MISSING} ${REASON_MISSING}`)).toBeInTheDocument();
    // neither the lead's own sales person nor someone who cannot receive leads is offered
    expect(await chooseOwner('Dewi Anggraini')).toEqual(['Dewi Anggraini', 'Sari Wulandari']);
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Rizky leaves.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Move 1 lead to Dewi Anggraini' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(await screen.findByText('done')).toBeInTheDocument();
    expect(bodies).toEqual([{ leadIds: [11], toUserId: DEWI.id, reason: 'Rizky leaves.' }]);
  });

  it("lists several owners' leads and shows the server's refusal in the dialog", async () => {
    const refusal = 'The leads already belong to Dewi Anggraini: choose another sales person to move them to.';
    const bodies = await start([CORE, SOC], () => json(422, { messages: [refusal], type: 'ValidationFailed' }));
    expect(await screen.findByRole('dialog', { name: 'Change Owner of 2 leads' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Leads that move' })).toHaveTextContent('SOC Service (Dewi Anggraini)');
    expect(await chooseOwner('Dewi Anggraini')).toEqual(['Rizky Hidayat', 'Dewi Anggraini', 'Sari Wulandari']);
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Team change' } });
    fireEvent.click(screen.getByRole('button', { name: 'Move 2 leads to Dewi Anggraini' }));
    expect((await screen.findAllByText(refusal)).length).toBeGreaterThan(0);
    expect(screen.getByRole('dialog', { name: 'Change Owner of 2 leads' })).toBeInTheDocument();
    expect(screen.queryByText('done')).not.toBeInTheDocument();
    expect(bodies).toEqual([{ leadIds: [11, 12], toUserId: DEWI.id, reason: 'Team change' }]);
  });
});

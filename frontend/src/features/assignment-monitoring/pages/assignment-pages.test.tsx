import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Modal } from 'antd';
import { setToken } from '@/lib/api/tokens';
import type { PageFlags } from '@/lib/api/types';
import { FULL, json, makeSession, renderRoutes, stubApi } from '@/test/render';
import { bookLead, DEWI, GONE, reassignmentDetail, reassignmentRow, RIZKY } from '../test-fixtures';
import { AssignmentListPage, NO_REASSIGNMENTS } from './assignment-list-page';
import { AssignmentRoutePage } from './assignment-detail-page';

/** The pages under test, as the route table has them. */
const pages = [
  { path: '/system/assignment-monitoring', Component: AssignmentListPage },
  { path: '/system/assignment-monitoring/:id', Component: AssignmentRoutePage },
];

afterEach(() => Modal.destroyAll());

const READ: PageFlags = { isRead: true, isWrite: false, isEdit: false, isDelete: false };
const PATH = '/system/assignment-monitoring';

/** The options of the select labelled `label`, opened the first time (its list is the newest: antd keeps the other
 *  selects' lists around, and tests give every select one id). */
async function optionsOf(label: string): Promise<HTMLElement[]> {
  const input = screen.getByLabelText(label);
  fireEvent.mouseDown(input);
  return waitFor(() => {
    const list = [...document.querySelectorAll('.ant-select-dropdown')].at(-1);
    const options = [...(list?.querySelectorAll<HTMLElement>('.ant-select-item-option') ?? [])];
    if (options.length === 0) throw new Error(`the ${label} list is not open`);
    return options;
  });
}

async function choose(label: string, option: string): Promise<void> {
  const found = (await optionsOf(label)).find((o) => o.textContent === option);
  if (!found) throw new Error(`${option} is not offered as ${label}`);
  fireEvent.click(found);
}

async function start(path: string, flags: PageFlags = FULL, post?: (body: unknown) => Response, rows = [reassignmentRow(5)]) {
  setToken('a');
  const session = makeSession({ pageAccess: { 'system/assignment-monitoring': flags } });
  const bodies: unknown[] = [];
  const requests = stubApi(
    { ...session, routes: [...session.routes, PATH, `${PATH}/:id`] },
    (req, url) => {
      if (url.pathname === '/api/assignment-monitoring' && req.method === 'GET') {
        return json(200, { results: { data: rows, totalRows: rows.length } });
      }
      if (url.pathname === '/api/assignment-monitoring' && req.method === 'POST') {
        return req.json().then((body: unknown) => {
          bodies.push(body);
          return post ? post(body) : json(200, { results: reassignmentDetail(5) });
        });
      }
      if (url.pathname === '/api/assignment-monitoring/people') return json(200, { results: [RIZKY, DEWI, GONE] });
      if (url.pathname === '/api/assignment-monitoring/leads') {
        return json(200, {
          results: { data: [bookLead(11, { pendingRequest: true }), bookLead(12, { upcomingSchedules: 2 })], totalRows: 2 },
        });
      }
      if (url.pathname === '/api/assignment-monitoring/5') return json(200, { results: reassignmentDetail(5) });
      return undefined;
    },
  );
  return { requests, bodies, ...(await renderRoutes(pages, path)) };
}

describe('AssignmentListPage', () => {
  it('lists past reassignments with Reassign Leads for write access', async () => {
    const { router } = await start(PATH);
    const row = (await screen.findByText('Rizky leaves the company.')).closest('tr')!;
    expect(row).toHaveTextContent('Rizky Hidayat');
    expect(row).toHaveTextContent('Dewi Anggraini');
    expect(row).toHaveTextContent('Adi Nugroho');
    for (const title of ['When', 'From', 'To', 'Leads', 'Reason', 'By']) {
      expect(screen.getByRole('columnheader', { name: new RegExp(`^${title}`) })).toBeInTheDocument();
    }
    fireEvent.click(screen.getByRole('button', { name: /Reassign Leads/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${PATH}/add`));
  });

  it('explains an empty list and offers Reassign Leads to whoever may reassign', async () => {
    const { router } = await start(PATH, FULL, undefined, []);
    expect(await screen.findByText(NO_REASSIGNMENTS)).toBeInTheDocument();
    expect(screen.getByText(/Reassign Leads \(above\) moves some of someone's leads/)).toBeInTheDocument();
    expect(screen.getByText(/One lead changes owner from its own page/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /Reassign Leads/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${PATH}/add`));
  });

  it('tells a reader of an empty list whom to ask', async () => {
    await start(PATH, READ, undefined, []);
    expect(await screen.findByText(NO_REASSIGNMENTS)).toBeInTheDocument();
    expect(screen.getByText(/Administrators and team leaders reassign leads: ask yours/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Reassign Leads/ })).not.toBeInTheDocument();
  });

  it('offers no Reassign Leads with read access only', async () => {
    await start(PATH, READ);
    expect(await screen.findByText('Rizky leaves the company.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Reassign Leads/ })).not.toBeInTheDocument();
  });
});

describe('AssignmentDetailPage', () => {
  it('shows who, when, why and the leads moved with their stage and GP', async () => {
    await start(`${PATH}/5`);
    expect(await screen.findByRole('heading', { name: 'Rizky Hidayat → Dewi Anggraini' })).toBeInTheDocument();
    expect(screen.getByText('Rizky leaves the company.')).toBeInTheDocument();
    const core = screen.getByRole('link', { name: 'Core Banking' }).closest('tr')!;
    expect(core).toHaveTextContent('E3 Qualified');
    expect(core).toHaveTextContent('Waiting');
    expect(core).toHaveTextContent('250.000.000');
    expect(core).toHaveTextContent('pending request, 1 upcoming plans');
    expect(screen.getByText('Removed Project')).toBeInTheDocument(); // removed since: no link
    expect(screen.queryByRole('link', { name: 'Removed Project' })).not.toBeInTheDocument();
  });
});

describe('ReassignFormPage', () => {
  async function fill() {
    await screen.findByLabelText('From');
    await choose('From', 'Rizky Hidayat · 2 leads');
    expect(await screen.findByText('Project 11')).toBeInTheDocument();
    expect(screen.getByText('Pending request')).toBeInTheDocument();
    expect(screen.getByText('2 upcoming')).toBeInTheDocument();
  }

  it('moves the chosen leads to the chosen person with a reason, after a confirmation', async () => {
    const { bodies, router } = await start(`${PATH}/add`);
    await fill();
    // the inactive person is offered as From (a leaving person's book) but never as To; nor is From
    const options = (await optionsOf('To')).map((o) => o.textContent);
    expect(options).toEqual(['Dewi Anggraini · 5 leads']);
    await choose('To', 'Dewi Anggraini · 5 leads');
    const row = screen.getByText('Project 12').closest('tr')!;
    fireEvent.click(within(row).getByRole('checkbox'));
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Rizky leaves the company.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Move 1 lead to Dewi Anggraini' }));
    expect(await screen.findByText('Move 1 lead of Rizky Hidayat to Dewi Anggraini?')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Reassign' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${PATH}/5`));
    expect(bodies).toEqual([
      { fromUserId: 7, toUserId: 6, reason: 'Rizky leaves the company.', allLeads: false, leadIds: [12] },
    ]);
  });

  it('moves the whole book and shows the server refusal', async () => {
    const { bodies } = await start(`${PATH}/add`, FULL, () =>
      json(422, { messages: ['Dewi Anggraini is not active: leads can only move to an active sales person.'], type: 'ValidationFailed' }),
    );
    await fill();
    fireEvent.click(screen.getByLabelText(/Move the whole book \(2 leads\)/));
    await choose('To', 'Dewi Anggraini · 5 leads');
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Leaving' } });
    fireEvent.click(screen.getByRole('button', { name: 'Move 2 leads to Dewi Anggraini' }));
    expect(await screen.findByText('Move all 2 leads of Rizky Hidayat to Dewi Anggraini?')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Reassign' }));
    expect(
      (await screen.findAllByText('Dewi Anggraini is not active: leads can only move to an active sales person.'))
        .length,
    ).toBeGreaterThan(0);
    expect(bodies).toEqual([{ fromUserId: 7, toUserId: 6, reason: 'Leaving', allLeads: true, leadIds: [] }]);
  });

  it('says so without write access', async () => {
    await start(`${PATH}/add`, READ);
    expect(await screen.findByText('You do not have access to reassign leads.')).toBeInTheDocument();
  });
});

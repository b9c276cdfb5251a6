import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Modal } from 'antd';
import { setToken } from '@/lib/api/tokens';
import { buttonByText } from '@/test/antd-helpers';
import { FULL, json, makeSession, renderRoutes, stubApi } from '@/test/render';
import { userRow } from '../test-fixtures';
import { ERASED_ACCOUNT, UserEditPage } from './user-form-page';

const pages = [{ path: '/system/user-management/:userId', Component: UserEditPage }];
const NAME = 'Wulan Kartika Sari';
const HOLDINGS = {
  auditEntries: 2,
  openSessions: 0,
  knownDevices: 0,
  secondFactor: true,
  providerLinks: 0,
  savedViews: 1,
  notifications: 3,
  activities: 0,
  schedules: 0,
  leads: 1,
  textsMentioning: 0,
};
const WRONG = "Type the user's full name exactly as it is shown to confirm the erasure.";
const OPEN_WORK = 'Reassign their 3 ongoing leads and 1 pending request first.';

afterEach(() => Modal.destroyAll());

async function start({ personalData = true, refusals = [] as string[] } = {}) {
  setToken('a');
  const pageAccess = { 'system/user-management': FULL, ...(personalData ? { 'system/personal-data': FULL } : {}) };
  const session = makeSession({ pageAccess });
  let erased = false;
  const requests = stubApi({ ...session, routes: [...session.routes, '/system/user-management'] }, (req, url) => {
    if (url.pathname === '/api/users/roles') return json(200, { results: [] });
    if (url.pathname === '/api/users') return json(200, { results: { data: [], totalRows: 0 } });
    if (url.pathname === '/api/users/9') {
      return json(200, { results: userRow(9, { fullname: erased ? 'Erased user #9' : NAME, isActive: false, erased }) });
    }
    if (url.pathname === '/api/personal-data/users/9') {
      return json(200, {
        results: {
          userId: 9,
          name: erased ? 'Erased user #9' : NAME,
          username: erased ? 'erased-9' : 'wulan.sari',
          isActive: false,
          erasedAt: erased ? '2026-11-30T01:00:00Z' : null,
          erasedBy: erased ? 'Adi Nugroho' : null,
          refusals,
          holdings: HOLDINGS,
        },
      });
    }
    if (url.pathname === '/api/personal-data/users/9/erase') {
      return req
        .clone()
        .json()
        .then((body: { confirmation: string }) => {
          if (body.confirmation !== NAME) return json(422, { messages: [WRONG], type: 'ValidationFailed' });
          erased = true;
          return json(200, { results: { userId: 9, name: 'Erased user #9' } });
        });
    }
    return undefined;
  });
  return { requests, ...(await renderRoutes(pages, '/system/user-management/9')) };
}

describe("A user's personal data", () => {
  it('is not shown without the personal-data page', async () => {
    await start({ personalData: false });
    expect(await screen.findByDisplayValue(NAME)).toBeInTheDocument();
    expect(screen.queryByText('Personal data')).toBeNull();
  });

  it('says why the user cannot be erased yet, before any try', async () => {
    await start({ refusals: [OPEN_WORK] });
    expect(await screen.findByText(OPEN_WORK)).toBeInTheDocument();
    expect(screen.getByText('Cannot be erased yet:')).toBeInTheDocument();
    expect(buttonByText('Erase this user…')).toBeDisabled();
  });

  it('counts what is held, erases once the name is typed back, then shows the erasure', async () => {
    const { requests } = await start();
    expect(
      await screen.findByText('2 audit entries · 1 second factor · 1 saved view · 3 notifications · 1 lead'),
    ).toBeInTheDocument();
    fireEvent.click(buttonByText('Erase this user…'));
    expect(await screen.findByText(/counted by their id/)).toBeInTheDocument();
    expect(buttonByText('Erase')).toBeDisabled();
    const box = screen.getByLabelText(`Type ${NAME} to confirm`);
    fireEvent.change(box, { target: { value: 'Wulan' } });
    fireEvent.click(buttonByText('Erase'));
    expect(await screen.findByText(WRONG)).toBeInTheDocument();
    fireEvent.change(box, { target: { value: NAME } });
    fireEvent.click(buttonByText('Erase'));
    expect(await screen.findByText(`'${NAME}' has been erased.`)).toBeInTheDocument();
    expect(await screen.findByText(/^Erased on .+ by Adi Nugroho\.$/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Erase this user…')).toBeNull());
    expect(requests.filter((r) => new URL(r.url).pathname.endsWith('/erase'))).toHaveLength(2);
    // the erased record is shown, never edited again: no Save, no sign-in actions, and the server's reason said
    expect(await screen.findByText(ERASED_ACCOUNT)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Save/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Set password/ })).toBeNull();
  });
});

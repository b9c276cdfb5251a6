import { fireEvent, screen } from '@testing-library/react';
import { Modal } from 'antd';
import { setToken } from '@/lib/api/tokens';
import { buttonByText } from '@/test/antd-helpers';
import { FULL, json, makeSession, renderRoutes, stubApi } from '@/test/render';
import { contact } from '../test-fixtures';
import { ContactListPage } from './contact-list-page';
import { ContactViewPage } from './contact-view-page';

const pages = [
  { path: '/system/contact-management', Component: ContactListPage },
  { path: '/system/contact-management/:contactId/view', Component: ContactViewPage },
];
const NAME = 'Rina Wijaya';
const HOLDINGS = {
  historyEntries: 2,
  activities: 1,
  schedules: 0,
  files: 3,
  leads: 1,
  leadHistoryEntries: 0,
  notifications: 0,
  otherTexts: 2,
};
const WRONG = "Type the contact's full name exactly as it is shown to confirm the erasure.";

afterEach(() => Modal.destroyAll());

async function start(personalData: boolean) {
  setToken('a');
  const pageAccess = { 'system/contact-management': FULL, ...(personalData ? { 'system/personal-data': FULL } : {}) };
  const session = makeSession({ pageAccess });
  const requests = stubApi({ ...session, routes: [...session.routes, '/system/contact-management'] }, (req, url) => {
    if (url.pathname === '/api/people/3') return json(200, { results: contact(3, { fullname: NAME }) });
    if (url.pathname === '/api/people') return json(200, { results: { data: [], totalRows: 0 } });
    if (url.pathname === '/api/personal-data/contacts/3') {
      return json(200, { results: { contactId: 3, name: NAME, erasedAt: null, erasedBy: null, holdings: HOLDINGS } });
    }
    if (url.pathname === '/api/personal-data/contacts/3/erase') {
      return req
        .clone()
        .json()
        .then((body: { confirmation: string }) =>
          body.confirmation === NAME
            ? json(200, { results: { contactId: 3, name: 'Erased contact #3' } })
            : json(422, { messages: [WRONG], type: 'ValidationFailed' }),
        );
    }
    return undefined;
  });
  return { requests, ...(await renderRoutes(pages, '/system/contact-management/3/view')) };
}

describe('Personal data card', () => {
  it('is not shown without the personal-data page', async () => {
    await start(false);
    expect(await screen.findByText('Full Name')).toBeInTheDocument();
    expect(screen.queryByText('Personal data')).toBeNull();
  });

  it('counts what is held and erases once the name is typed back', async () => {
    const { requests } = await start(true);
    expect(await screen.findByText('2 history entries · 1 activity · 3 files · 1 lead · 2 notes on approvals, cost sheets or reassignments')).toBeInTheDocument();
    fireEvent.click(buttonByText('Erase this person…'));
    expect(await screen.findByText(/their 3 files are deleted/)).toBeInTheDocument();
    expect(screen.getByText(/Approval records and cost sheet numbers stay as they are/)).toBeInTheDocument();
    expect(buttonByText('Erase')).toBeDisabled();
    const box = screen.getByLabelText(`Type ${NAME} to confirm`);
    fireEvent.change(box, { target: { value: 'Rina' } });
    fireEvent.click(buttonByText('Erase'));
    expect(await screen.findByText(WRONG)).toBeInTheDocument();
    fireEvent.change(box, { target: { value: NAME } });
    expect(screen.queryByText(WRONG)).toBeNull();
    fireEvent.click(buttonByText('Erase'));
    expect(await screen.findByText(`'${NAME}' has been erased.`)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Contact Management' })).toBeInTheDocument();
    const sent = requests.filter((r) => new URL(r.url).pathname.endsWith('/erase'));
    expect(sent).toHaveLength(2);
  });
});

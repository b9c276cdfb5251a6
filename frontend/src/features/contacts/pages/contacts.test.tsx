import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Modal } from 'antd';
import { setToken } from '@/lib/api/tokens';
import type { PageFlags } from '@/lib/api/types';
import { buttonByText, chooseOption, confirmButton, openDropdownMenu } from '@/test/antd-helpers';
import { FULL, json, makeSession, renderRoutes, stubApi } from '@/test/render';
import { contact } from '../test-fixtures';
import { ContactListPage } from './contact-list-page';
import { ContactFormPage } from './contact-form-page';
import { ContactViewPage } from './contact-view-page';

/** The pages under test, as the route table has them. */
const pages = [
  { path: '/system/contact-management', Component: ContactListPage },
  { path: '/system/contact-management/add', Component: ContactFormPage },
  { path: '/system/contact-management/:contactId', Component: ContactViewPage },
  { path: '/system/contact-management/:contactId/view', Component: ContactViewPage },
  { path: '/system/contact-management/:contactId/edit', Component: ContactFormPage },
];

type Handler = (request: Request, url: URL) => Response | undefined;

afterEach(() => Modal.destroyAll());

async function start(path: string, flags: PageFlags = FULL, handler?: Handler) {
  setToken('a');
  const session = makeSession({ pageAccess: { 'system/contact-management': flags } });
  const requests = stubApi({ ...session, routes: [...session.routes, '/system/contact-management'] }, (req, url) => {
    const custom = handler?.(req, url);
    if (custom) return custom;
    if (url.pathname === '/api/people' && req.method === 'GET') {
      return json(200, { results: { data: [contact(1), contact(2)], totalRows: 2 } });
    }
    if (url.pathname === '/api/people/get-clients') {
      return json(200, { results: [{ id: 1, clientName: 'Acme' }, { id: 2, clientName: 'Globex' }] });
    }
    if (url.pathname === '/api/people/delete') return json(200, { results: null });
    if (url.pathname === '/api/people/3') return json(200, { results: contact(3, { fullname: 'Rina Wijaya' }) });
    return undefined;
  });
  return { requests, ...(await renderRoutes(pages, path)) };
}

const bodiesOf = async (requests: Request[], path: string, method = 'POST') =>
  Promise.all(
    requests
      .filter((r) => r.method === method && new URL(r.url).pathname === path)
      .map((r) => r.clone().json() as Promise<Record<string, unknown>>),
  );

describe('ContactListPage', () => {
  it('lists contacts with View, Edit and Remove by flag and Add with write access', async () => {
    const { requests } = await start('/system/contact-management');
    expect(await screen.findByText('Person 1')).toBeInTheDocument();
    expect(buttonByText('Add Contact')).toBeInTheDocument();
    const menu = await openDropdownMenu(screen.getByLabelText('Actions for Person 1'));
    expect(within(menu).getByText('View')).toBeInTheDocument();
    expect(within(menu).getByText('Edit')).toBeInTheDocument();
    fireEvent.click(within(menu).getByText('Remove'));
    await screen.findByText("Do you want to remove 'Person 1' ?");
    fireEvent.click(confirmButton('Remove'));
    expect(await screen.findByText("'Person 1' has been deleted successfully.")).toBeInTheDocument();
    expect(await bodiesOf(requests, '/api/people/delete', 'PUT')).toEqual([{ id: 1 }]);
  });

  it('hides Add without write access and Remove without delete access', async () => {
    await start('/system/contact-management', { ...FULL, isWrite: false, isDelete: false });
    expect(await screen.findByText('Person 1')).toBeInTheDocument();
    expect(() => buttonByText('Add Contact')).toThrow();
    const menu = await openDropdownMenu(screen.getByLabelText('Actions for Person 1'));
    expect(within(menu).getByText('View')).toBeInTheDocument();
    expect(within(menu).queryByText('Remove')).toBeNull();
  });

  it('hides the table without read access', async () => {
    await start('/system/contact-management', { ...FULL, isRead: false });
    expect(await screen.findByText('You do not have access to view the contact list.')).toBeInTheDocument();
    expect(screen.queryByText('Person 1')).toBeNull();
  });
});

describe('ContactFormPage', () => {
  it("shows the contact messages of spec §5", async () => {
    await start('/system/contact-management/add');
    await screen.findByText('Each contact needs an email or a phone number.');
    fireEvent.click(buttonByText('Add Contact'));
    for (const message of [
      'Please choose client / company',
      "Please enter contact's full name.",
      "Please enter contact's position.",
      'Please choose gender',
      'Please enter either email or phone number.',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'not-an-email' } });
    expect(await screen.findByText('Please enter valid email format.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Phone Number'), { target: { value: '12345' } });
    expect(await screen.findByText('Invalid phone number format')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Division'), { target: { value: '--' } });
    expect(await screen.findByText("Division cannot consist only of '-'.")).toBeInTheDocument();
  });

  it("shows the server's duplicate message and 'Failed to add contact', then saves once it is free", async () => {
    let duplicate = true;
    const { requests } = await start('/system/contact-management/add', FULL, (req, url) => {
      if (url.pathname === '/api/people/check-availibility-input') {
        return duplicate
          ? json(409, { messages: ["Contact 'Rina' with position 'CFO' already exists for Acme."], type: 'Conflict' })
          : json(200, { results: { available: true } });
      }
      if (url.pathname === '/api/people' && req.method === 'POST') return json(200, { results: contact(9) });
      return undefined;
    });
    await screen.findByText('Each contact needs an email or a phone number.');
    await chooseOption(screen.getByLabelText('Client / Company'), 'Acme');
    fireEvent.change(screen.getByLabelText('Full Name'), { target: { value: 'Rina' } });
    await chooseOption(screen.getByLabelText('Gender'), 'Female');
    fireEvent.change(screen.getByLabelText('Position'), { target: { value: 'CFO' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'rina@acme.co.id' } });
    fireEvent.click(buttonByText('Add Contact'));
    expect(await screen.findAllByText("Contact 'Rina' with position 'CFO' already exists for Acme.")).not.toHaveLength(0);
    expect(await screen.findByText('Failed to add contact')).toBeInTheDocument();
    expect(await bodiesOf(requests, '/api/people/check-availibility-input')).toEqual([
      { clientId: 1, clientName: 'Acme', fullname: 'Rina', position: 'CFO' },
    ]);
    expect(requests.some((r) => r.method === 'POST' && new URL(r.url).pathname === '/api/people')).toBe(false);

    duplicate = false;
    fireEvent.click(buttonByText('Add Contact'));
    expect(await screen.findByText("'Rina' has been added successfully.")).toBeInTheDocument();
    const [saved] = await bodiesOf(requests, '/api/people');
    expect(saved).toMatchObject({ clientId: 1, fullname: 'Rina', gender: 'Female', position: 'CFO', email: 'rina@acme.co.id', phoneNumber: null });
  });

  it("toasts \"Failed to update '<name>' data.\" when an edit is refused", async () => {
    await start('/system/contact-management/3/edit', FULL, (req, url) => {
      if (url.pathname === '/api/people/check-availibility-input') return json(200, { results: { available: true } });
      if (url.pathname === '/api/people' && req.method === 'PUT') {
        return json(422, { messages: ['Please enter valid email format.'], type: 'ValidationFailed' });
      }
      return undefined;
    });
    await waitFor(() => expect(screen.getByLabelText('Full Name')).toHaveValue('Rina Wijaya'));
    fireEvent.click(buttonByText('Save Changes'));
    expect(await screen.findByText("Failed to update 'Rina Wijaya' data.")).toBeInTheDocument();
  });
});

describe('ContactViewPage', () => {
  const history = [
    {
      id: 2,
      action: 'UPDATED',
      createdBy: 'Sari Dewi',
      fullname: 'Rina Wijaya',
      position: 'Director',
      division: null,
      clientName: 'Acme',
      createdAt: '2026-02-03T09:30:00',
      changes: [
        { field: 'position', label: 'Position', from: 'Manager', to: 'Director' },
        { field: 'division', label: 'Division', from: null, to: 'Finance' },
      ],
    },
    {
      id: 1,
      action: 'CREATED',
      createdBy: 'Budi Admin',
      fullname: 'Rina Wijaya',
      position: 'Manager',
      division: null,
      clientName: 'Acme',
      createdAt: '2026-01-05T08:00:00',
      changes: [],
    },
  ];

  it('shows the information, the changelog and Edit Contact with edit access', async () => {
    await start('/system/contact-management/3/view', FULL, (_req, url) =>
      url.pathname === '/api/people/history/3' ? json(200, { results: history }) : undefined,
    );
    expect(await screen.findByText('Manager at Acme')).toBeInTheDocument();
    expect(buttonByText('Edit Contact')).toBeInTheDocument();
    expect(screen.getByText('person3@acme.co.id')).toBeInTheDocument();

    fireEvent.click(screen.getByText('Changelog'));
    expect(await screen.findByText('Contact Changes')).toBeInTheDocument();
    expect(await screen.findByText('Position: Manager → Director')).toBeInTheDocument();
    const timeline = document.querySelector('.changelog__timeline') as HTMLElement;
    expect(within(timeline).getByText('Division: - → Finance')).toBeInTheDocument();
    expect(within(timeline).getByText('Sari Dewi')).toBeInTheDocument();
    expect(within(timeline).getByText('3-Feb-2026 09:30')).toBeInTheDocument();
    expect(within(timeline).getByText('Budi Admin')).toBeInTheDocument();
    expect(within(timeline).getByText('5-Jan-2026 08:00')).toBeInTheDocument();
    const text = timeline.textContent ?? '';
    expect(text.indexOf('Sari Dewi')).toBeLessThan(text.indexOf('Budi Admin'));
  });

  it("shows 'No Information...' for an empty history and no Edit Contact without edit access", async () => {
    await start('/system/contact-management/3/view', { ...FULL, isEdit: false }, (_req, url) =>
      url.pathname === '/api/people/history/3' ? json(200, { results: [] }) : undefined,
    );
    expect(await screen.findByText('Manager at Acme')).toBeInTheDocument();
    expect(() => buttonByText('Edit Contact')).toThrow();
    fireEvent.click(screen.getByText('Changelog'));
    expect(await screen.findByText('No Information...')).toBeInTheDocument();
  });

  it("shows 'Error loading data' when the history fails", async () => {
    await start('/system/contact-management/3/view', FULL, (_req, url) =>
      url.pathname === '/api/people/history/3' ? json(500, { messages: ['boom'] }) : undefined,
    );
    await screen.findByText('Manager at Acme');
    fireEvent.click(screen.getByText('Changelog'));
    expect(await screen.findByText('Error loading data')).toBeInTheDocument();
  });
});

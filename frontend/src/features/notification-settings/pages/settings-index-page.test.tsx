import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PageFlags } from '@/lib/api/types';
import { formatDateTime } from '@/lib/format';
import { buttonByText } from '@/test/antd-helpers';
import { FULL, json } from '@/test/render';
import {
  LEAD_NOT_CONTACTED,
  PID_GENERATED,
  READ_ONLY,
  renderSettings,
  REQUEST_DECIDED,
  REQUEST_SUBMITTED,
  SCHEDULE_STARTING,
} from '../test-fixtures';

function start(path: string, flags: PageFlags = FULL) {
  return renderSettings(path, flags, (req, url) => {
    if (url.pathname === '/api/notification-setting' && req.method === 'GET') {
      return json(200, { results: [REQUEST_SUBMITTED, REQUEST_DECIDED, PID_GENERATED] });
    }
    if (url.pathname === '/api/reminder-setting' && req.method === 'GET') {
      return json(200, { results: [{ ...SCHEDULE_STARTING, leadMinutes: 60 }, LEAD_NOT_CONTACTED] });
    }
    return undefined;
  });
}

const headers = () => [...document.querySelectorAll('th')].map((th) => th.textContent);
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('Notification Management', () => {
  const width = window.innerWidth;
  afterEach(() => {
    window.innerWidth = width;
  });

  it('lists each action with its channels, recipients, message and last change', async () => {
    await start('/system/notification-management');
    expect(await screen.findByRole('heading', { name: 'Notification Management' })).toBeInTheDocument();
    expect(document.querySelector('.page-breadcrumb')).toHaveTextContent(/System\s*\/\s*Notification Management/);
    await screen.findByText('Request submitted');

    const submitted = rowOf('Request submitted');
    expect(within(submitted).getByText(REQUEST_SUBMITTED.description)).toBeInTheDocument();
    expect(within(submitted).getByText('In-app')).toBeInTheDocument();
    expect(within(submitted).queryByText('E-mail')).toBeNull();
    expect(within(submitted).getByText('The approvers asked')).toBeInTheDocument();
    expect(within(submitted).getByText('Sari Dewi asks to move Core Banking.')).toBeInTheDocument();
    expect(within(submitted).getByText(formatDateTime(REQUEST_SUBMITTED.updatedAt))).toBeInTheDocument();
    expect(formatDateTime(REQUEST_SUBMITTED.updatedAt)).toMatch(/^5-Mar-2026 \d\d:30$/);
    expect(within(submitted).getByText('Default setting')).toBeInTheDocument();

    // no channel: the action sends nothing
    const decided = rowOf('Request decided');
    expect(within(decided).getByText('Off')).toBeInTheDocument();
    expect(within(decided).queryByText('In-app')).toBeNull();

    const pid = rowOf('PID generated');
    expect(within(pid).getByText('In-app')).toBeInTheDocument();
    expect(within(pid).getByText('E-mail')).toBeInTheDocument();
    expect(within(pid).getByText('Named users')).toBeInTheDocument();
    expect(within(pid).getByText(': Rina Wijaya')).toBeInTheDocument();
    expect(within(pid).getByText('by Admin Satu')).toBeInTheDocument();

    // notifications have no lead time
    expect(headers()).toContain('Recipients');
    expect(headers()).not.toContain('Lead time');
  });

  it('opens a setting with Edit and with a click on its row', async () => {
    const { router } = await start('/system/notification-management');
    await screen.findByText('PID generated');
    fireEvent.click(screen.getByLabelText('Edit PID generated'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/notification-management/5'));

    await router.navigate('/system/notification-management');
    fireEvent.click(await screen.findByText('Request decided'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/notification-management/2'));
  });

  it('offers View instead of Edit without edit access', async () => {
    await start('/system/notification-management', READ_ONLY);
    await screen.findByText('Request submitted');
    expect(screen.getByLabelText('View Request submitted')).toBeInTheDocument();
    expect(screen.queryByLabelText('Edit Request submitted')).toBeNull();
  });

  it('says so without read access', async () => {
    await start('/system/notification-management', { ...READ_ONLY, isRead: false });
    expect(
      await screen.findByText('You do not have access to view the notification settings.'),
    ).toBeInTheDocument();
  });

  it('shows one block a setting on a phone, not a table of columns', async () => {
    window.innerWidth = 390;
    const { router } = await start('/system/notification-management');
    await screen.findByText('PID generated');
    const card = screen.getByText('PID generated').closest('.setting-card') as HTMLElement;
    expect(card).not.toBeNull();
    expect(within(card).getByText('E-mail')).toBeInTheDocument();
    expect(within(card).getByText(': Rina Wijaya')).toBeInTheDocument();
    expect(headers()).not.toContain('Recipients'); // no column headers but the one
    fireEvent.click(buttonByText('Edit', card));
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/notification-management/5'));
  });
});

describe('Reminder Management', () => {
  it('shows the lead time of each reminder', async () => {
    await start('/system/reminder-management');
    expect(await screen.findByRole('heading', { name: 'Reminder Management' })).toBeInTheDocument();
    await screen.findByText('Activity schedule starting');
    expect(headers()).toContain('Lead time');
    expect(within(rowOf('Activity schedule starting')).getByText('1 hour before')).toBeInTheDocument();
    expect(within(rowOf('Lead not contacted')).getByText('At 30 and 90 days')).toBeInTheDocument();
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Modal } from 'antd';
import dayjs from 'dayjs';
import { setToken } from '@/lib/api/tokens';
import { fromBusinessWallTime, toBusinessWallTime } from '@/lib/format';
import { buttonByText, chooseOption, confirmButton, isSelectDisabled, openDropdownMenu } from '@/test/antd-helpers';
import { FULL, json, makeSession, renderRoutes, stubApi, type ApiHandler } from '@/test/render';
import { ActivitySchedulePage } from './activity-schedule-page';

/** The pages under test, as the route table has them. */
const pages = [
  { path: '/activity-schedule', Component: ActivitySchedulePage },
];

// The calendar view's code (FullCalendar), which the page loads when it is first shown, loads with the file.
await import('../components/schedule-calendar');

afterEach(() => Modal.destroyAll());

// the plans' times as the business reads them (TIME_ZONE's wall time), whatever zone the test runs in
const NOW = toBusinessWallTime(new Date())!;
const TOMORROW = NOW.add(1, 'day').hour(9).minute(0).second(0).millisecond(0);
const LATER = TOMORROW.add(2, 'day').hour(14).minute(30);

const row = (id: number, at: dayjs.Dayjs, over: Record<string, unknown> = {}) => ({
  id,
  clientId: 3,
  clientName: 'PT Nusantara Data Center',
  leadsId: 19,
  projectName: 'IT Strategy Assessment',
  picId: 5,
  picName: 'Rina Kartika',
  activityType: 1,
  media: 'Meeting',
  scheduleTime: fromBusinessWallTime(at),
  scheduleNotes: 'Walk through the proposal.',
  ownerId: 7,
  ownerName: 'Sari Dewi',
  editable: true,
  ...over,
});

const ROWS = [
  row(1, TOMORROW),
  row(2, TOMORROW.hour(13), { activityType: 3, media: 'Demo', scheduleNotes: 'Show the dashboard.' }),
  row(3, LATER, { activityType: 2, media: 'Presentation', ownerId: 9, ownerName: 'Andi Pratama', editable: false }),
];

const session = (write = true) => {
  const base = makeSession({ pageAccess: { dashboard: FULL, leads: { ...FULL, isWrite: write } } });
  return { ...base, routes: [...base.routes, '/activity-schedule'], allRoutes: [...base.allRoutes, '/activity-schedule'] };
};

function scheduleApi(handler?: ApiHandler, write = true) {
  return stubApi(session(write), (req, url) => {
    const custom = handler?.(req, url);
    if (custom) return custom;
    if (url.pathname === '/api/activity/schedule-list') {
      const upcoming = url.searchParams.get('eventType') === 'upcoming';
      return json(200, { results: { data: upcoming ? ROWS : [], pagination: { currentPage: 1, hasMore: false } } });
    }
    if (url.pathname === '/api/activity/schedule-calendar')
      return json(200, { results: [row(4, NOW.hour(12).minute(0), { editable: false }), ...ROWS] });
    if (url.pathname === '/api/activity/client')
      return json(200, { results: [{ clientId: 3, clientName: 'PT Nusantara Data Center' }, { clientId: 4, clientName: 'PT Sinar Jaya' }] });
    if (url.pathname === '/api/activity/project/3') return json(200, { results: [{ leadId: 19, projectName: 'IT Strategy Assessment' }] });
    if (url.pathname === '/api/activity/project/4') return json(200, { results: [{ leadId: 21, projectName: 'Core Upgrade' }] });
    if (url.pathname === '/api/activity/pic/19') return json(200, { results: [{ picId: 5, picName: 'Rina Kartika' }] });
    return undefined;
  });
}

const heading = (d: dayjs.Dayjs) => d.format('ddd, D-MMM-YYYY');
/** Chooses an option once the cascade has enabled the select. */
async function choose(label: string, option: string) {
  const input = await screen.findByLabelText(label);
  await waitFor(() => expect(isSelectDisabled(input)).toBe(false));
  await chooseOption(input, option);
}

const fieldOf = (label: string) => screen.getByLabelText(label).closest('.ant-form-item') as HTMLElement;

/** Picks tomorrow in the form's date picker (its time starts at 09:00). */
async function chooseTomorrow() {
  const input = screen.getByPlaceholderText('Date');
  fireEvent.mouseDown(input);
  fireEvent.click(input);
  const cell = await waitFor(() => {
    let found = document.querySelector<HTMLElement>(`td[title="${TOMORROW.format('YYYY-MM-DD')}"]`);
    if (!found) {
      fireEvent.click(document.querySelector<HTMLElement>('.ant-picker-header-next-btn')!);
      found = document.querySelector<HTMLElement>(`td[title="${TOMORROW.format('YYYY-MM-DD')}"]`);
    }
    if (!found) throw new Error('no day cell');
    return found;
  });
  fireEvent.click(cell);
  await waitFor(() => expect(screen.getByPlaceholderText('Time')).toHaveValue('09:00'));
}

describe('ActivitySchedulePage, the list', () => {
  it('groups the upcoming plans by day, offers the menu on its own only, and shows History empty', async () => {
    setToken('tok');
    const requests = scheduleApi();
    const { router } = await renderRoutes(pages, '/activity-schedule');

    expect(await screen.findByRole('heading', { level: 3, name: 'Activity Schedule' })).toBeInTheDocument();
    const first = await screen.findByRole('region', { name: heading(TOMORROW) });
    expect(within(first).getAllByTestId('schedule-item')).toHaveLength(2);
    expect(first).toHaveTextContent('09:00');
    expect(first).toHaveTextContent('13:00');
    expect(first).toHaveTextContent('PT Nusantara Data Center · IT Strategy Assessment');
    expect(first).toHaveTextContent('Rina Kartika');
    expect(first).toHaveTextContent('Show the dashboard.');
    const second = screen.getByRole('region', { name: heading(LATER) });
    expect(second).toHaveTextContent('14:30');
    expect(second).toHaveTextContent('Planned by Andi Pratama');
    // another's plan has no menu; one's own does
    expect(document.querySelectorAll('[aria-label^="Actions for"]')).toHaveLength(2);
    const list = requests.find((r) => r.url.includes('schedule-list'))!;
    expect(new URL(list.url).searchParams.get('itemsPerPage')).toBe('5');
    expect(screen.queryByText('Load more')).toBeNull();

    fireEvent.click(screen.getByRole('tab', { name: 'History' }));
    expect(await screen.findByText('There are no schedule yet.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=history');
  });

  it("exports the tab's plans through the list's own call", async () => {
    setToken('tok');
    const created = vi.fn(() => 'blob:plans');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    const requests = scheduleApi((_req, url) =>
      url.pathname === '/api/activity/schedule-list' && url.searchParams.get('export') === 'xlsx'
        ? new Response(new Blob(['PK']), {
            headers: {
              'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
              'Content-Disposition': 'attachment; filename="Upcoming activities 2026-11-30.xlsx"',
            },
          })
        : undefined,
    );
    await renderRoutes(pages, '/activity-schedule');
    await screen.findByRole('region', { name: heading(TOMORROW) });
    fireEvent.click(screen.getByRole('button', { name: 'Export to Excel' }));
    await waitFor(() => expect(created).toHaveBeenCalled());
    const asked = new URL(requests.find((r) => r.url.includes('export=xlsx'))!.url);
    expect(asked.searchParams.get('eventType')).toBe('upcoming');
    expect(asked.searchParams.get('exportTitle')).toBe('Upcoming activities');
    expect(JSON.parse(asked.searchParams.get('exportColumns')!).map((c: { key: string }) => c.key)).toEqual([
      'scheduleTime', 'media', 'clientName', 'projectName', 'picName', 'scheduleNotes', 'ownerName',
    ]);
  });

  it('loads five more while the server says there are', async () => {
    setToken('tok');
    scheduleApi((_req, url) => {
      if (url.pathname !== '/api/activity/schedule-list') return undefined;
      const page = Number(url.searchParams.get('currentPage'));
      const rows = page === 1 ? ROWS.slice(0, 2) : [ROWS[2]];
      return json(200, { results: { data: rows, pagination: { currentPage: page, hasMore: page === 1 } } });
    });
    await renderRoutes(pages, '/activity-schedule');
    expect(await screen.findByRole('region', { name: heading(TOMORROW) })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: heading(LATER) })).toBeNull();
    fireEvent.click(buttonByText('Load more'));
    expect(await screen.findByRole('region', { name: heading(LATER) })).toBeInTheDocument();
    expect(screen.queryByText('Load more')).toBeNull();
  });

  it('asks before removing and says what the server answered', async () => {
    setToken('tok');
    const requests = scheduleApi((req, url) =>
      req.method === 'DELETE' && url.pathname === '/api/activity/schedule/1'
        ? json(200, { results: { id: 1, message: 'Activity Schedule has been removed successfully.' } })
        : undefined,
    );
    await renderRoutes(pages, '/activity-schedule');
    const trigger = await screen.findByLabelText(`Actions for Meeting with PT Nusantara Data Center at ${TOMORROW.format('D-MMM-YYYY HH:mm')}`);
    const menu = await openDropdownMenu(trigger);
    fireEvent.click(within(menu).getByText('Remove'));
    expect((await screen.findAllByText('Remove Activity Schedule?')).length).toBeGreaterThan(0);
    fireEvent.click(confirmButton('Remove'));
    expect(await screen.findByText('Activity Schedule has been removed successfully.')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(1);
  });

  it('is read-only for those who may not write leads', async () => {
    setToken('tok');
    scheduleApi(undefined, false);
    await renderRoutes(pages, '/activity-schedule');
    expect(await screen.findByRole('region', { name: heading(TOMORROW) })).toBeInTheDocument();
    expect(document.querySelectorAll('[aria-label^="Actions for"]')).toHaveLength(0);
    expect(screen.queryByText('Add Schedule')).toBeNull();
  });
});

describe('ActivitySchedulePage, the form', () => {
  it('clears project and person in charge when the client changes, with their messages', async () => {
    setToken('tok');
    scheduleApi();
    await renderRoutes(pages, '/activity-schedule');
    fireEvent.click(await screen.findByText('Add Schedule'));
    expect(await screen.findByText('Add Activity Schedule')).toBeInTheDocument();
    expect(buttonByText('Save')).toBeDisabled();

    await choose('Client', 'PT Nusantara Data Center');
    await choose('Project Name', 'IT Strategy Assessment');
    await choose('Person in Charge', 'Rina Kartika');
    expect(fieldOf('Person in Charge')).toHaveTextContent('Rina Kartika');

    // another project would clear the person in charge; another client clears both and says they are needed
    await choose('Client', 'PT Sinar Jaya');
    await waitFor(() => expect(fieldOf('Project Name')).toHaveTextContent('Please choose project name'));
    expect(fieldOf('Person in Charge')).toHaveTextContent('Please choose person in charge');
    expect(fieldOf('Person in Charge')).not.toHaveTextContent('Rina Kartika');
    expect(fieldOf('Project Name')).not.toHaveTextContent('IT Strategy Assessment');

    await choose('Project Name', 'Core Upgrade');
    // the field is out of error at once; its message then leaves with antd's motion (which a busy machine slows)
    await waitFor(() => expect(fieldOf('Project Name')).not.toHaveClass('ant-form-item-has-error'));
    expect(fieldOf('Project Name')).toHaveTextContent('Core Upgrade');

    // every other field's message once touched and emptied
    fireEvent.change(screen.getByLabelText('Remark'), { target: { value: 'x' } });
    fireEvent.change(screen.getByLabelText('Remark'), { target: { value: ' ' } });
    expect(await screen.findByText('Please enter remark')).toBeInTheDocument();
    expect(buttonByText('Save')).toBeDisabled();
  });

  it('adds a plan with the spec’s body and toasts the server’s message', async () => {
    setToken('tok');
    let body: Record<string, unknown> | null = null;
    const message = "Activity Schedule 'Demo' with PT Nusantara Data Center on IT Strategy Assessment project has been set successfully.";
    const requests = scheduleApi((req, url) => {
      if (req.method === 'POST' && url.pathname === '/api/activity/schedule') {
        return req.json().then((b) => {
          body = b;
          return json(200, { results: { id: 40, message } });
        }) as unknown as Response;
      }
      return undefined;
    });
    await renderRoutes(pages, '/activity-schedule');
    fireEvent.click(await screen.findByText('Add Schedule'));
    await choose('Activity', 'Demo');
    await choose('Client', 'PT Nusantara Data Center');
    await choose('Project Name', 'IT Strategy Assessment');
    await choose('Person in Charge', 'Rina Kartika');
    await chooseTomorrow();
    fireEvent.change(screen.getByLabelText('Remark'), { target: { value: 'Show the dashboard.' } });
    await waitFor(() => expect(buttonByText('Save')).toBeEnabled());
    const listCalls = requests.filter((r) => r.url.includes('schedule-list')).length;
    fireEvent.click(buttonByText('Save'));

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(body).toMatchObject({
      activity: { value: 3, label: 'Demo' },
      client: { value: 3, label: 'PT Nusantara Data Center' },
      projectName: { value: 19, label: 'IT Strategy Assessment' },
      personInCharge: { value: 5, label: 'Rina Kartika' },
      remark: 'Show the dashboard.',
    });
    const at = String(body!.dateAndTime);
    expect(at).toMatch(/[+-]\d\d:\d\d$/);
    expect(at).toBe(fromBusinessWallTime(TOMORROW));
    await waitFor(() => expect(screen.queryByText('Add Activity Schedule')).toBeNull());
    // the list is asked again
    await waitFor(() => expect(requests.filter((r) => r.url.includes('schedule-list')).length).toBeGreaterThan(listCalls));
  });

  it('says an edit failed with the server’s reason', async () => {
    setToken('tok');
    scheduleApi((req, url) =>
      req.method === 'PUT' && url.pathname === '/api/activity/schedule'
        ? json(422, { messages: ['A past activity schedule cannot be changed.'], type: 'ValidationFailed' })
        : undefined,
    );
    await renderRoutes(pages, '/activity-schedule');
    const trigger = await screen.findByLabelText(`Actions for Meeting with PT Nusantara Data Center at ${TOMORROW.format('D-MMM-YYYY HH:mm')}`);
    fireEvent.click(within(await openDropdownMenu(trigger)).getByText('Edit'));
    expect(await screen.findByText('Edit Activity Schedule')).toBeInTheDocument();
    await waitFor(() => expect(fieldOf('Person in Charge')).toHaveTextContent('Rina Kartika'));
    expect(fieldOf('Project Name')).toHaveTextContent('IT Strategy Assessment');
    await waitFor(() => expect(buttonByText('Save')).toBeEnabled());
    fireEvent.click(buttonByText('Save'));
    expect(await screen.findByText('Failed to update Activity Schedule information.')).toBeInTheDocument();
    expect(screen.getByText('A past activity schedule cannot be changed.')).toBeInTheDocument();
  });
});

describe('ActivitySchedulePage, the calendar', () => {
  it('shows the plans in the month, a day’s plans beside it, and switches to the week', async () => {
    setToken('tok');
    const requests = scheduleApi();
    const { router } = await renderRoutes(pages, '/activity-schedule?view=calendar');
    await waitFor(() => expect(document.querySelectorAll('.schedule-event__chip').length).toBeGreaterThan(0));
    const chips = [...document.querySelectorAll<HTMLElement>('.schedule-event__chip')];
    const first = chips.find((c) => c.textContent === `${TOMORROW.format('HH:mm')}PT Nusantara Data Center`);
    expect(first).toBeDefined();
    expect(first).toHaveAttribute('title', `${TOMORROW.format('HH:mm')} Meeting · PT Nusantara Data Center · IT Strategy Assessment`);
    const month = requests.find((r) => r.url.includes('schedule-calendar'))!;
    expect(new URL(month.url).searchParams.get('view')).toBe('month');
    // a plan that may not be changed opens read-only (before the day moves: tomorrow may be next month's)
    fireEvent.click(chips.find((c) => c.title.startsWith('12:00 Meeting'))!);
    const detail = await screen.findByRole('dialog');
    expect(within(detail).getByText('Planned by')).toBeInTheDocument();
    expect(within(detail).queryByText('Save')).toBeNull();
    fireEvent.click(buttonByText('Close', detail));
    // today's panel, then the day after
    const panel = screen.getByLabelText('Day schedule');
    expect(within(panel).getByText('Today')).toBeInTheDocument();
    fireEvent.click(within(panel).getByLabelText('Next day'));
    await waitFor(() => expect(within(panel).getAllByTestId('schedule-item')).toHaveLength(2));
    expect(within(panel).queryByText('Today')).toBeNull();

    fireEvent.click(screen.getByText('Week'));
    await waitFor(() => expect(router.state.location.search).toContain('mode=week'));
    await waitFor(() =>
      expect(requests.some((r) => new URL(r.url).searchParams.get('view') === 'week')).toBe(true),
    );
    fireEvent.click(buttonByText('List View'));
    await waitFor(() => expect(router.state.location.search).not.toContain('view=calendar'));
  });
});

describe('ActivitySchedulePage, the calendar address', () => {
  const URL_MADE = 'http://crm.example/api/calendar/tok_abcdefghijklmnopqrstuvwxyz0123456789ABCD.ics';

  it('makes a private address, shows it once with how to subscribe, then says it is on', async () => {
    setToken('tok');
    let active = false;
    const requests = scheduleApi((req, url) => {
      if (url.pathname !== '/api/activity/calendar-feed') return undefined;
      const state = { active, includeTeam: active, createdAt: active ? '2026-11-29T01:00:00Z' : null, readAt: null, canIncludeTeam: true };
      if (req.method === 'POST') {
        active = true;
        return json(200, { results: { ...state, active: true, includeTeam: true, createdAt: '2026-11-29T01:00:00Z', url: URL_MADE } });
      }
      return json(200, { results: state });
    });
    await renderRoutes(pages, '/activity-schedule');
    fireEvent.click(buttonByText('Subscribe'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByText("Include my team's plans"));
    fireEvent.click(buttonByText('Create address', dialog));
    const address = await within(dialog).findByLabelText('Calendar address');
    expect(address).toHaveValue(URL_MADE);
    expect(within(dialog).getByText(/it is shown only once/)).toBeInTheDocument();
    expect(within(dialog).getByText('Google Calendar')).toBeInTheDocument();
    const made = requests.find((r) => r.method === 'POST' && r.url.endsWith('/api/activity/calendar-feed'))!;
    expect(await made.clone().json()).toEqual({ includeTeam: true });

    // closed and opened again: on, the address no longer shown (only its digest is kept)
    fireEvent.click(buttonByText('Done', dialog));
    fireEvent.click(buttonByText('Subscribe'));
    const again = await screen.findByRole('dialog');
    expect(await within(again).findByText(/Your private calendar address is on since/)).toBeInTheDocument();
    expect(within(again).queryByLabelText('Calendar address')).toBeNull();
    expect(within(again).getByRole('switch', { name: "Include my team's plans" })).toBeChecked();
    expect(buttonByText('Make a new address', again)).toBeInTheDocument();
    expect(buttonByText('Turn off', again)).toBeInTheDocument();
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PageFlags } from '@/lib/api/types';
import { buttonByText, chooseOption } from '@/test/antd-helpers';
import { FULL, json, versionedSave, type ApiHandler } from '@/test/render';
import { actionOf, type Setting } from '../api/settings-api';
import {
  familyOf,
  LEAD_NOT_CONTACTED,
  PEOPLE,
  PID_GENERATED,
  READ_ONLY,
  renderSample,
  renderSettings,
  REQUEST_SUBMITTED,
  SCHEDULE_STARTING,
} from '../test-fixtures';

const REFUSED = "The template uses 'oops', which is not among this action's variables: requester, request, client.";

function start(path: string, { flags = FULL, handler }: { flags?: PageFlags; handler?: ApiHandler } = {}) {
  const family = familyOf(path);
  const settings = [REQUEST_SUBMITTED, PID_GENERATED, SCHEDULE_STARTING, LEAD_NOT_CONTACTED];
  return renderSettings(path, flags, (req, url) => {
    const custom = handler?.(req, url);
    if (custom) return custom;
    const base = `/api/${family}-setting`;
    if (url.pathname === `${base}/people`) return json(200, { results: PEOPLE });
    if (url.pathname === `${base}/preview` && req.method === 'POST') {
      // spec 1 §3: the action is named by the family
      type Sent = { notificationAction?: string; reminderAction?: string; messageTemplate: string };
      const sent = req.clone().json() as Promise<Sent>;
      return sent.then(({ messageTemplate, ...named }) => {
        if (messageTemplate.includes('oops')) return json(422, { messages: [REFUSED], type: 'ValidationFailed' });
        const action = family === 'notification' ? named.notificationAction : named.reminderAction;
        const found = settings.find((s) => actionOf(s) === action)!;
        return json(200, { results: { message: renderSample(messageTemplate, found.variables) } });
      });
    }
    const one = settings.find((s) => url.pathname === `${base}/${s.id}`);
    if (one && req.method === 'GET') return json(200, { results: one });
    return undefined;
  });
}

const putBodies = (requests: Request[]) =>
  Promise.all(requests.filter((r) => r.method === 'PUT').map((r) => r.clone().json() as Promise<unknown>));
const previewBodies = async (requests: Request[]) =>
  Promise.all(
    requests
      .filter((r) => r.method === 'POST' && r.url.endsWith('/preview'))
      .map(async (r) => (await r.clone().json()) as Record<string, string>),
  );
const previewTemplates = async (requests: Request[]) => (await previewBodies(requests)).map((b) => b.messageTemplate);
const template = () => screen.getByLabelText('Message template') as HTMLTextAreaElement;
const checkbox = (label: string) =>
  screen.getByLabelText(label, { selector: 'input[type="checkbox"]' }) as HTMLInputElement;
const previewText = () => screen.getByTestId('message-preview').querySelector('.notification-item__message')!;
const saved =
  (answer: Setting): ApiHandler =>
  (req, url) =>
    req.method === 'PUT' && url.pathname.endsWith(`/${answer.id}`) ? json(200, { results: answer }) : undefined;

/** Save, once the form's changed state has caught up with what was typed (Save is disabled until then). */
async function save() {
  await waitFor(() => expect(buttonByText('Save')).toBeEnabled());
  fireEvent.click(buttonByText('Save'));
}

async function opened(title: string) {
  expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
  await waitFor(() => expect(previewText()).not.toHaveTextContent(/^\s*$/));
}

describe('Notification setting page', () => {
  it('edits channels, recipients and named users, and saves the exact body', async () => {
    const { requests, router } = await start('/system/notification-management/1', { handler: saved(REQUEST_SUBMITTED) });
    await opened('Edit Request submitted');
    expect(document.querySelector('.page-breadcrumb')).toHaveTextContent(
      /System\s*\/\s*Notification Management\s*\/\s*Request submitted/,
    );
    expect(screen.getByText(REQUEST_SUBMITTED.description)).toBeInTheDocument();
    expect(buttonByText('Save')).toBeDisabled(); // nothing changed yet
    expect(screen.queryByLabelText('Lead time')).toBeNull();

    expect(checkbox('In-app')).toBeChecked();
    expect(checkbox('E-mail')).not.toBeChecked();
    fireEvent.click(checkbox('In-app'));
    expect(await screen.findByText('Nothing is sent for this action.')).toBeInTheDocument();
    fireEvent.click(checkbox('E-mail'));
    await waitFor(() => expect(screen.queryByText('Nothing is sent for this action.')).toBeNull());
    expect(buttonByText('Save')).toBeEnabled();

    expect(checkbox('The approvers asked')).toBeChecked();
    fireEvent.click(checkbox('The requester'));
    expect(screen.queryByLabelText('Named users', { selector: 'input[role="combobox"]' })).toBeNull();
    fireEvent.click(checkbox('Named users'));
    const users = await screen.findByLabelText('Named users', { selector: 'input[role="combobox"]' });
    await chooseOption(users, 'Budi Santoso');
    await chooseOption(users, 'Rina Wijaya');

    await save();
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/notification-management'));
    expect(await putBodies(requests)).toEqual([
      {
        channel: ['EMAIL'],
        recipientList: ['REQUESTER', 'APPROVERS', 'USERS'],
        userIds: [30, 31],
        messageTemplate: '{{ requester }} asks to {{ request }}.',
        leadMinutes: null,
        version: 3,
      },
    ]);
    expect(requests.find((r) => r.method === 'PUT')!.url).toMatch(/\/api\/notification-setting\/1$/);
    expect(await screen.findByText('Notification setting saved.')).toBeInTheDocument();
  });

  it('sends no named users once Named users is unticked', async () => {
    const { requests } = await start('/system/notification-management/5', { handler: saved(PID_GENERATED) });
    await opened('Edit PID generated');
    expect(screen.getByText('Rina Wijaya')).toBeInTheDocument(); // chosen already
    fireEvent.click(checkbox('Named users'));
    await waitFor(() =>
      expect(screen.queryByLabelText('Named users', { selector: 'input[role="combobox"]' })).toBeNull(),
    );
    await save();
    await waitFor(async () => expect(await putBodies(requests)).toHaveLength(1));
    expect((await putBodies(requests))[0]).toMatchObject({ recipientList: ['SALES_PERSON'], userIds: [] });
  });

  it('previews the template as it is typed, inserts variables and restores the default', async () => {
    const { requests } = await start('/system/notification-management/1');
    await opened('Edit Request submitted');
    expect(previewText()).toHaveTextContent('Sari Dewi asks to move Core Banking.');

    fireEvent.change(template(), { target: { value: 'Please decide: {{ request }}' } });
    await waitFor(() => expect(previewText()).toHaveTextContent('Please decide: move Core Banking'));
    expect(await previewTemplates(requests)).toContain('Please decide: {{ request }}');
    // the action by the family's name (spec 1 §3)
    expect((await previewBodies(requests))[0]).toEqual({
      notificationAction: 'REQUEST_SUBMITTED',
      messageTemplate: '{{ requester }} asks to {{ request }}.',
    });
    expect(screen.getByTestId('message-preview')).toHaveClass('notification-item');

    // a variable goes in at the cursor
    template().setSelectionRange(7, 7);
    fireEvent.click(screen.getByLabelText('Insert {{ client }}'));
    await waitFor(() => expect(template()).toHaveValue('Please {{ client }}decide: {{ request }}'));
    await waitFor(() => expect(previewText()).toHaveTextContent('Please PT Majudecide: move Core Banking'));

    fireEvent.click(buttonByText('Restore default'));
    await waitFor(() => expect(template()).toHaveValue('{{ requester }} asks to {{ request }}.'));
    // back to what is saved (the form's changed state settles after the value)
    await waitFor(() => expect(buttonByText('Save')).toBeDisabled());
  });

  it('shows why a template is refused and disables Save until it is fixed', async () => {
    await start('/system/notification-management/1');
    await opened('Edit Request submitted');
    fireEvent.change(template(), { target: { value: '{{ oops }} asks' } });
    expect(await screen.findByText(REFUSED)).toBeInTheDocument();
    expect(screen.getByText('This template cannot be used')).toBeInTheDocument();
    expect(buttonByText('Save')).toBeDisabled();

    fireEvent.change(template(), { target: { value: '{{ requester }} asks' } });
    await waitFor(() => expect(screen.queryByText(REFUSED)).toBeNull());
    await waitFor(() => expect(previewText()).toHaveTextContent('Sari Dewi asks'));
    await waitFor(() => expect(buttonByText('Save')).toBeEnabled());
  });

  it('keeps what was typed and lists every message when the server refuses the save', async () => {
    const messages = [
      'Choose at least one recipient, or no channel to send nothing.',
      'The template renders an empty message.',
    ];
    const { router } = await start('/system/notification-management/1', {
      handler: (req) => (req.method === 'PUT' ? json(422, { messages, type: 'ValidationFailed' }) : undefined),
    });
    await opened('Edit Request submitted');
    fireEvent.click(checkbox('The approvers asked'));
    fireEvent.change(template(), { target: { value: 'Hello {{ requester }}' } });
    await waitFor(() => expect(previewText()).toHaveTextContent('Hello Sari Dewi'));
    await save();

    const alert = (await screen.findByText('The setting was not saved.')).closest('.ant-alert') as HTMLElement;
    for (const m of messages) expect(within(alert).getByText(m)).toBeInTheDocument();
    expect(template()).toHaveValue('Hello {{ requester }}');
    expect(checkbox('The approvers asked')).not.toBeChecked();
    expect(router.state.location.pathname).toBe('/system/notification-management/1');
    expect(buttonByText('Save')).toBeEnabled();
  });

  it('says when someone else saved the setting meanwhile, and reloads their version to start again', async () => {
    const stale = 'The setting \'Request submitted\' was changed by someone else since you opened it. Reload it to see their changes.';
    let current = REQUEST_SUBMITTED;
    const { requests, router } = await start('/system/notification-management/1', {
      handler: (req, url) => {
        if (url.pathname !== '/api/notification-setting/1') return undefined;
        if (req.method === 'GET') return json(200, { results: current });
        return req.method === 'PUT' ? versionedSave(req, current, stale) : undefined;
      },
    });
    await opened('Edit Request submitted');
    // another administrator saves while this form is open
    current = { ...REQUEST_SUBMITTED, messageTemplate: 'Their words for {{ requester }}.', version: 4 };
    fireEvent.change(template(), { target: { value: 'My words for {{ requester }}' } });
    await waitFor(() => expect(previewText()).toHaveTextContent('My words for Sari Dewi'));
    await save();

    const alert = (await screen.findByText(stale)).closest('.ant-alert') as HTMLElement;
    expect(within(alert).getByText('Not saved: someone else changed it')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/system/notification-management/1');
    fireEvent.click(within(alert).getByRole('button', { name: /Reload/ }));
    // their version, and the form starts again from it
    await waitFor(() => expect(template()).toHaveValue('Their words for {{ requester }}.'));
    expect(screen.queryByText(stale)).toBeNull();
    fireEvent.change(template(), { target: { value: 'Their words for {{ requester }}, and mine.' } });
    await save();
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/notification-management'));
    expect((await putBodies(requests)).map((b) => (b as { version: number }).version)).toEqual([3, 4]);
  });

  it('is read-only without edit access', async () => {
    await start('/system/notification-management/5', { flags: READ_ONLY });
    await opened('PID generated');
    expect(screen.queryByRole('heading', { name: 'Edit PID generated' })).toBeNull();
    expect(checkbox('In-app')).toBeDisabled();
    expect(checkbox('Named users')).toBeDisabled();
    expect(template()).toBeDisabled();
    expect(() => buttonByText('Save')).toThrow();
    expect(() => buttonByText('Restore default')).toThrow();
    expect(screen.queryByLabelText('Insert {{ client }}')).toBeNull();
    expect(screen.getByText('{{ client }}')).toBeInTheDocument(); // still listed
    expect(buttonByText('Back')).toBeEnabled();
  });

  it('goes back to the list with Cancel', async () => {
    const { router } = await start('/system/notification-management/1');
    await opened('Edit Request submitted');
    fireEvent.click(buttonByText('Cancel'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/notification-management'));
  });
});

describe('Reminder setting page', () => {
  it('sets the lead time of a schedule reminder and saves it', async () => {
    const { requests, router } = await start('/system/reminder-management/6', { handler: saved(SCHEDULE_STARTING) });
    await opened('Edit Activity schedule starting');
    const lead = screen.getByLabelText('Lead time');
    expect(lead).toHaveValue('30');
    expect(screen.getByText('30 minutes before the activity starts.')).toBeInTheDocument();
    fireEvent.click(buttonByText('1 hour'));
    await waitFor(() => expect(lead).toHaveValue('60'));
    expect(screen.getByText('1 hour before the activity starts.')).toBeInTheDocument();
    await save();
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/reminder-management'));
    expect(await putBodies(requests)).toEqual([
      {
        channel: ['IN_APP'],
        recipientList: ['SALES_PERSON'],
        userIds: [],
        messageTemplate: 'Reminder: {{ activity }} at {{ time }}.',
        leadMinutes: 60,
        version: 3,
      },
    ]);
    expect(requests.find((r) => r.method === 'PUT')!.url).toMatch(/\/api\/reminder-setting\/6$/);
    expect((await previewBodies(requests))[0]).toMatchObject({ reminderAction: 'SCHEDULE_STARTING' });
    expect(await screen.findByText('Reminder setting saved.')).toBeInTheDocument();
  });

  it('says when a lead-not-contacted reminder is sent, with no lead time to set', async () => {
    await start('/system/reminder-management/7');
    await opened('Edit Lead not contacted');
    expect(screen.queryByLabelText('Lead time')).toBeNull();
    const note = 'Sent when an ongoing lead reaches 30 and 90 days without contact (the card badges), once each.';
    expect(screen.getByText(note)).toBeInTheDocument();
  });
});

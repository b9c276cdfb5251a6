import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Modal } from 'antd';
import dayjs from 'dayjs';
import { setToken } from '@/lib/api/tokens';
import { buttonByText, chooseOption, confirmButton } from '@/test/antd-helpers';
import { FULL, json, makeSession, renderRoutes, stubApi } from '@/test/render';
import { ActivityFormRoute } from '@/app/routing/activity-routes';
import { activityFormApi } from '../test-fixtures';
import { ActivityDetailPage } from './activity-detail-page';

/** The pages under test, as the route table has them. */
const pages = [
  { path: '/leads/:leadId/activity/add/:media', Component: ActivityFormRoute },
  { path: '/leads/:leadId/activity/:activityId', Component: ActivityDetailPage },
];

afterEach(() => Modal.destroyAll());

/** Picks tomorrow in the next step's date picker (its time starts at 09:00). */
async function chooseTomorrow() {
  const input = screen.getByPlaceholderText('Date');
  fireEvent.mouseDown(input);
  fireEvent.click(input);
  const day = dayjs().add(1, 'day');
  const cell = await waitFor(() => {
    let found = document.querySelector<HTMLElement>(`td[title="${day.format('YYYY-MM-DD')}"]`);
    if (!found) {
      fireEvent.click(document.querySelector<HTMLElement>('.ant-picker-header-next-btn')!);
      found = document.querySelector<HTMLElement>(`td[title="${day.format('YYYY-MM-DD')}"]`);
    }
    if (!found) throw new Error('no day cell');
    return found;
  });
  fireEvent.click(cell);
  await waitFor(() => expect(screen.getByPlaceholderText('Time')).toHaveValue('09:00'));
}

describe('ActivityFormPage', () => {
  it('enables Finish once the first variant is complete and sends one multipart request', async () => {
    setToken('tok');
    let sent: FormData | null = null;
    activityFormApi(async (req) => {
      sent = await req.formData();
      return json(200, { results: { id: 77, message: 'Activity has been started successfully.' } });
    });
    const { router } = await renderRoutes(pages, '/leads/19/activity/add/demo');

    expect(await screen.findByRole('heading', { name: 'New Demo' })).toBeInTheDocument();
    expect(await screen.findByText('Lead Details')).toBeInTheDocument();
    const finish = buttonByText('Finish');
    expect(finish).toBeDisabled();

    // the lead's only person in charge is chosen already
    const picField = screen.getByLabelText('Person in Charge').closest('.ant-form-item')!;
    await waitFor(() => expect(picField).toHaveTextContent('Rina Kartika'));
    fireEvent.change(screen.getByLabelText('Notes'), { target: { value: 'Demo went well.' } });
    expect(screen.getByText('15/1024')).toBeInTheDocument();
    await chooseOption(screen.getByLabelText('Activity'), 'Meeting');
    expect(finish).toBeDisabled(); // the next step still needs its time
    await chooseTomorrow();
    fireEvent.change(screen.getByLabelText('Place name'), { target: { value: 'Lobby of PT NDC' } });
    await waitFor(() => expect(buttonByText('Finish')).toBeEnabled());

    fireEvent.click(buttonByText('Finish'));
    expect(await screen.findByText('Activity has been started successfully.')).toBeInTheDocument();
    // the spec's fields (spec 2 §7); no file chosen: no file part at all (an empty one would not be a file)
    expect(['file', 'recording'].some((part) => sent!.has(part))).toBe(false);
    expect([sent!.get('leadsId'), sent!.get('type'), sent!.get('variant'), sent!.get('notes')]).toEqual([
      '19',
      '3',
      '1',
      'Demo went well.',
    ]);
    expect(JSON.parse(String(sent!.get('personInCharge')))).toEqual({ value: 5, label: 'Rina Kartika' });
    expect(JSON.parse(String(sent!.get('location')))).toEqual({
      name: 'Lobby of PT NDC',
      address: null,
      latitude: null,
      longitude: null,
    });
    const schedule = JSON.parse(String(sent!.get('schedule')));
    expect(schedule).toHaveLength(1);
    expect(schedule[0].activity).toEqual({ value: 1, label: 'Meeting' });
    const at = dayjs(schedule[0].dateAndTime);
    expect(at.isAfter(dayjs())).toBe(true);
    expect(at.format('HH:mm')).toBe('09:00');
    // opened directly: back to the lead
    await waitFor(() => expect(router.state.location.pathname).toBe('/leads/19'));
  });

  it('says it failed as a toast and on the form, with the field the server named', async () => {
    setToken('tok');
    const requests = activityFormApi(() =>
      json(422, {
        messages: ['Notes cannot exceed 1024 characters'],
        type: 'ValidationFailed',
        fields: [{ field: 'notes', message: 'Notes cannot exceed 1024 characters' }],
      }),
    );
    await renderRoutes(pages, '/leads/19/activity/add/meeting?quick=1');
    expect(await screen.findByText('Lead Details')).toBeInTheDocument();
    // the second variant: nothing is required
    await waitFor(() => expect(buttonByText('Finish')).toBeEnabled());
    expect(screen.queryByTestId('next-step')).toBeNull();
    fireEvent.click(buttonByText('Finish'));
    // the toast and the form's own message
    await waitFor(() => expect(screen.getAllByText('Failed to create activity').length).toBeGreaterThanOrEqual(2));
    expect(document.querySelector('.activity-form__failure')).toHaveTextContent('Failed to create activity');
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    expect((await screen.findAllByText('Notes cannot exceed 1024 characters')).length).toBeGreaterThanOrEqual(1);
  });

  it('asks before cancelling', async () => {
    setToken('tok');
    activityFormApi(() => json(500, {}));
    const { router } = await renderRoutes(pages, '/leads/19/activity/add/presentation');
    expect(await screen.findByText('Lead Details')).toBeInTheDocument();
    fireEvent.click(buttonByText('Cancel'));
    expect((await screen.findAllByText('Cancel Activity?')).length).toBeGreaterThan(0);
    expect(screen.getByText('You will lose any progress you have made.')).toBeInTheDocument();
    fireEvent.click(confirmButton('Yes'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/leads/19'));
  });

  it('is a lead not found for an unknown kind of activity', async () => {
    setToken('tok');
    activityFormApi(() => json(500, {}));
    await renderRoutes(pages, '/leads/19/activity/add/lunch');
    expect(await screen.findByText('Lead not found')).toBeInTheDocument();
  });
});

describe('ActivityDetailPage', () => {
  it('shows each empty state of an activity with nothing attached', async () => {
    setToken('tok');
    stubApi(makeSession({ pageAccess: { dashboard: FULL, leads: FULL } }), (_req, url) => {
      if (url.pathname === '/api/activity/19/77')
        return json(200, {
          results: {
            id: 77, leadId: 19, projectName: 'IT Strategy Assessment', clientName: 'PT Nusantara Data Center', type: 2,
            media: 'Presentation', picId: null, picName: null, activityNotes: 'Quick stop.', latitude: null,
            longitude: null, placeName: null, placeAddress: null, createdByName: 'Andi Pratama',
            createdAt: '2026-11-26T03:00:00Z',
          },
        });
      if (url.pathname === '/api/activity/files/19/77') return json(200, { results: { recordings: [], photos: [], files: [] } });
      return undefined;
    });
    await renderRoutes(pages, '/leads/19/activity/77');
    expect(await screen.findByText('No Voice Notes.')).toBeInTheDocument();
    for (const text of ['No Person in Charge', 'No Uploaded File.', 'No Location.', 'No Uploaded Photo.', 'Quick stop.'])
      expect(screen.getByText(text)).toBeInTheDocument();
    const trail = document.querySelector('.page-breadcrumb')!;
    expect(trail).toHaveTextContent('Leads/PT Nusantara Data Center/Lead History/Presentation/Activity Detail');
  });

  it('shows a call with its duration, and none of the sections a call cannot have', async () => {
    setToken('tok');
    stubApi(makeSession({ pageAccess: { dashboard: FULL, leads: FULL } }), (_req, url) => {
      if (url.pathname === '/api/activity/19/78')
        return json(200, {
          results: {
            id: 78, leadId: 19, projectName: 'IT Strategy Assessment', clientName: 'PT Nusantara Data Center', type: 4,
            media: 'Call', picId: 5, picName: 'Rina Kartika', activityNotes: 'Call to Rina Kartika (+6281210000005), 1 min 5 s.',
            latitude: null, longitude: null, placeName: null, placeAddress: null, createdByName: 'Andi Pratama',
            createdAt: '2026-11-26T03:00:00Z', durationSeconds: 65,
          },
        });
      if (url.pathname === '/api/activity/files/19/78') return json(200, { results: { recordings: [], photos: [], files: [] } });
      return undefined;
    });
    await renderRoutes(pages, '/leads/19/activity/78');
    expect(await screen.findByText('1 min 5 s')).toBeInTheDocument();
    expect(screen.getByText('Rina Kartika')).toBeInTheDocument();
    for (const title of ['Voice Notes', 'Files', 'Photos', 'Location']) expect(screen.queryByText(title)).toBeNull();
  });

  it('plays, lists and downloads what it has, and says so when a download fails', async () => {
    setToken('tok');
    const file = (id: number, filename: string, key: string, size: number, contentType: string) => ({
      id, filename, key, size, contentType,
    });
    stubApi(makeSession({ pageAccess: { dashboard: FULL, leads: FULL } }), (_req, url) => {
      if (url.pathname === '/api/activity/19/77')
        return json(200, {
          results: {
            id: 77, leadId: 19, projectName: 'IT Strategy Assessment', clientName: 'PT Nusantara Data Center', type: 1,
            media: 'Meeting', picId: 5, picName: 'Rina Kartika', activityNotes: 'Demo next week.', latitude: -6.24,
            longitude: 106.63, placeName: 'Gading Serpong', placeAddress: 'Kelapa Dua, Tangerang',
            createdByName: 'Andi Pratama', createdAt: '2026-11-26T03:00:00Z',
          },
        });
      if (url.pathname === '/api/activity/files/19/77')
        return json(200, {
          results: {
            recordings: [file(1, 'Voice Note-1', 'recording-a.webm', 2_621_440, 'audio/webm')],
            photos: [file(2, 'site.png', 'photo-b.png', 1_048_576, 'image/png')],
            files: [file(3, 'Minutes.pdf', 'file-c.pdf', 314_573, 'application/pdf')],
          },
        });
      if (url.pathname.startsWith('/api/activity/recordings/load/') || url.pathname.startsWith('/api/activity/photos/load/'))
        return new Response(new Uint8Array([1, 2, 3]), { status: 200, headers: { 'Content-Type': 'application/octet-stream' } });
      if (url.pathname === '/api/activity/files/download/77/file-c.pdf') return json(500, { messages: ['boom'] });
      return undefined;
    });
    URL.createObjectURL = vi.fn(() => 'blob:activity');
    URL.revokeObjectURL = vi.fn();
    await renderRoutes(pages, '/leads/19/activity/77');
    expect(await screen.findByText('Voice Note-1')).toBeInTheDocument();
    expect(screen.getByText('2,5 MB')).toBeInTheDocument();
    expect(screen.getByText('Rina Kartika')).toBeInTheDocument();
    expect(screen.getByText('Gading Serpong')).toBeInTheDocument();
    expect(await screen.findByLabelText('Voice Note-1')).toHaveAttribute('src', 'blob:activity');
    fireEvent.click(screen.getByRole('button', { name: 'Download Minutes.pdf' }));
    expect(await screen.findByText('Sorry we are unable to download the file you requested.')).toBeInTheDocument();
  });

  it('is not found for an activity the server does not show', async () => {
    setToken('tok');
    stubApi(makeSession({ pageAccess: { dashboard: FULL, leads: FULL } }));
    await renderRoutes(pages, '/leads/19/activity/78');
    expect(await screen.findByText('Lead not found')).toBeInTheDocument();
  });
});

import { screen, within } from '@testing-library/react';
import { setToken } from '@/lib/api/tokens';
import { json, makeSession, renderRoutes, stubApi } from '@/test/render';
import { LeadActivities } from './lead-activities';

const row = (id: number, over: Record<string, unknown> = {}) => ({
  id,
  leadId: 19,
  type: 1,
  media: 'Meeting',
  picId: 5,
  picName: 'Rina Kartika',
  activityNotes: 'Walked through the proposal.',
  createdByName: 'Sari Dewi',
  createdAt: '2026-11-27T03:00:00Z',
  recordings: 1,
  photos: 0,
  files: 0,
  placeName: null,
  placeAddress: null,
  ...over,
});

describe('LeadActivities', () => {
  it('shows where each activity took place, and when in the business’s time zone', async () => {
    setToken('tok');
    stubApi(makeSession(), (_req, url) =>
      url.pathname === '/api/activity/19'
        ? json(200, {
            results: [row(2, { placeName: 'Menara Nusa', placeAddress: 'Jl. Sudirman 1, Jakarta' }), row(1)],
          })
        : undefined,
    );
    await renderRoutes([{ path: '/leads/:id', element: <LeadActivities leadId={19} canRecord={false} /> }], '/leads/19');

    await screen.findByText('Menara Nusa, Jl. Sudirman 1, Jakarta', { exact: false });
    const [met, other] = [...document.querySelectorAll<HTMLElement>('.activity-rows > li')];
    expect(within(met).getByTestId('activity-place')).toHaveTextContent('Menara Nusa, Jl. Sudirman 1, Jakarta');
    expect(within(met).getByLabelText('Location')).toBeInTheDocument();
    // 03:00 UTC is 10:00 in Jakarta
    expect(met).toHaveTextContent('27-Nov-2026 10:00');
    expect(within(other).queryByTestId('activity-place')).toBeNull();
  });
});

import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Modal } from 'antd';
import { setToken } from '@/lib/api/tokens';
import { buttonByText } from '@/test/antd-helpers';
import { FULL, json, makeSession, renderRoutes, stubApi } from '@/test/render';
import { HolidaysPage } from './holidays-page';

afterEach(() => Modal.destroyAll());

const year = new Date().getFullYear();
const holidays = [
  { id: 1, day: `${year}-01-01`, name: "New Year's Day", createdAt: `${year}-01-01T00:00:00Z` },
  { id: 2, day: `${year}-08-17`, name: 'Independence Day', createdAt: `${year}-01-01T00:00:00Z` },
];

async function start() {
  setToken('a');
  const session = makeSession({
    pageAccess: { 'system/holiday': FULL },
    routes: [...makeSession().routes, '/system/holidays'],
  });
  const requests = stubApi(session, (req, url) => {
    if (url.pathname === '/api/holidays' && req.method === 'GET') return json(200, { results: holidays });
    if (url.pathname === '/api/holidays' && req.method === 'POST') {
      return json(409, { type: 'Conflict', messages: [`17-Aug-${year} is already a holiday (Independence Day).`] });
    }
    return undefined;
  });
  await renderRoutes([{ path: '/system/holidays', Component: HolidaysPage }], '/system/holidays');
  return requests;
}

describe('HolidaysPage', () => {
  it("lists the year's holidays and shows the server's refusal of a day already listed", async () => {
    const requests = await start();
    expect(await screen.findByText('Independence Day')).toBeInTheDocument();
    expect(screen.getByText(String(year))).toBeInTheDocument();
    fireEvent.click(buttonByText('Add Holiday'));
    fireEvent.click(await screen.findByText('Add', { selector: 'button span' }));
    expect(await screen.findByText('Please choose the day.')).toBeInTheDocument();
    expect(screen.getByText("Please enter the holiday's name.")).toBeInTheDocument();

    const day = screen.getByLabelText('Day');
    fireEvent.mouseDown(day);
    fireEvent.change(day, { target: { value: `Mon, 17-Aug-${year}` } });
    fireEvent.keyDown(day, { key: 'Enter' });
    fireEvent.change(screen.getByLabelText('Holiday name'), { target: { value: 'Independence' } });
    fireEvent.click(buttonByText('Add'));
    expect(await screen.findByText(`17-Aug-${year} is already a holiday (Independence Day).`)).toBeInTheDocument();
    const post = requests.find((r) => r.method === 'POST');
    expect(await post!.json()).toEqual({ day: `${year}-08-17`, name: 'Independence' });
  });

  it("exports the year's holidays through the list's own call", async () => {
    const created = vi.fn(() => 'blob:holidays');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    const requests = await start();
    await screen.findByText('Independence Day');
    fireEvent.click(screen.getByRole('button', { name: 'Export to Excel' }));
    const asked = await waitFor(() => {
      const found = requests.find((r) => new URL(r.url).searchParams.get('export') === 'xlsx');
      expect(found).toBeDefined();
      return new URL(found!.url);
    });
    expect(asked.pathname).toBe('/api/holidays');
    expect(asked.searchParams.get('year')).toBe(String(year));
    expect(asked.searchParams.get('exportTitle')).toBe(`Holidays ${year}`);
    expect(JSON.parse(asked.searchParams.get('exportColumns')!)).toEqual([
      { key: 'day', title: 'Day' },
      { key: 'name', title: 'Name' },
    ]);
  });

  it('moves between years', async () => {
    const requests = await start();
    await screen.findByText('Independence Day');
    fireEvent.click(screen.getByLabelText('Next year'));
    await waitFor(() =>
      expect(requests.some((r) => new URL(r.url).searchParams.get('year') === String(year + 1))).toBe(true),
    );
  });
});

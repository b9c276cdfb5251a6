import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Modal } from 'antd';
import { setToken } from '@/lib/api/tokens';
import { buttonByText, chooseOption, isSelectDisabled } from '@/test/antd-helpers';
import { FULL, json, makeSession, renderRoutes, stubApi } from '@/test/render';
import { clientRow } from '../test-fixtures';
import { ClientListPage } from './client-list-page';
import { ClientFormPage } from './client-form-page';

/** The pages under test, as the route table has them. */
const pages = [
  { path: '/system/client-management', Component: ClientListPage },
  { path: '/system/client-management/add', Component: ClientFormPage },
  { path: '/system/client-management/:clientId', Component: ClientFormPage },
];

type Handler = (request: Request, url: URL) => Response | undefined;

afterEach(() => Modal.destroyAll());

const MASTER: Record<string, unknown> = {
  '/api/master-data/industries': [{ id: 1, industryName: 'Banking' }],
  '/api/master-data/affiliates': [{ id: 1, affiliateName: 'Non Affiliate' }],
  '/api/master-data/countries': [
    { id: 1, countryName: 'Indonesia' },
    { id: 2, countryName: 'Singapore' },
  ],
};

const masterData: Handler = (_req, url) => {
  if (url.pathname in MASTER) return json(200, { results: MASTER[url.pathname] });
  if (url.pathname === '/api/master-data/provinces') {
    const country = url.searchParams.get('country');
    return json(200, {
      results: country === '1' ? [{ id: 11, provinceName: 'DKI Jakarta', countryId: 1 }] : [{ id: 21, provinceName: 'Central', countryId: 2 }],
    });
  }
  if (url.pathname === '/api/master-data/cities') {
    return json(200, { results: [{ id: 111, cityName: 'Jakarta Selatan', provinceId: 11 }] });
  }
  return undefined;
};

async function start(handler?: Handler, path = '/system/client-management/add') {
  setToken('a');
  const requests = stubApi(makeSession({ pageAccess: { 'system/client-management': FULL } }), (req, url) => {
    const custom = handler?.(req, url);
    if (custom) return custom;
    if (url.pathname === '/api/clients' && req.method === 'GET') return json(200, { results: { data: [], totalRows: 0 } });
    return masterData(req, url);
  });
  return { requests, ...(await renderRoutes(pages, path)) };
}

const field = (label: string) => screen.getByLabelText(label);
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const nextButton = () => buttonByText('Next');

async function fillStep1() {
  type('Client Name', 'Acme');
  type('Legal Name', 'PT Acme Indonesia');
  type('Client Code', 'acm');
  await chooseOption(field('Industry'), 'Banking');
  type('Address', 'Jl. Sudirman 1');
  await chooseOption(field('Country'), 'Indonesia');
  await waitFor(() => expect(isSelectDisabled(field('Province'))).toBe(false));
  await chooseOption(field('Province'), 'DKI Jakarta');
  await waitFor(() => expect(isSelectDisabled(field('City'))).toBe(false));
  await chooseOption(field('City'), 'Jakarta Selatan');
  type('Zip Code', '12190');
  await chooseOption(field('Affiliate'), 'Non Affiliate');
}

const bodiesOf = async (requests: Request[], path: string, method = 'POST') =>
  Promise.all(
    requests
      .filter((r) => r.method === method && new URL(r.url).pathname === path)
      .map((r) => r.clone().json() as Promise<Record<string, unknown>>),
  );

describe('ClientFormPage, step 1', () => {
  it('shows the breadcrumb, steps and the spec messages; Next stays disabled', async () => {
    await start();
    expect(await screen.findByText('Client Detail')).toBeInTheDocument();
    expect(screen.getByText('Personnel')).toBeInTheDocument();
    const crumbs = document.querySelector('.page-breadcrumb') as HTMLElement;
    expect(within(crumbs).getByText('System')).toBeInTheDocument();
    expect(within(crumbs).getByText('Client Management')).toBeInTheDocument();
    expect(within(crumbs).getByText('Add Client')).toBeInTheDocument();
    expect(nextButton()).toBeDisabled();

    for (const [label, message] of [
      ['Client Name', 'Please enter client name.'],
      ['Legal Name', 'Please enter legal name.'],
      ['Address', 'Please enter address.'],
      ['Client Code', 'Please enter client code.'],
    ]) {
      type(label, 'x');
      type(label, '');
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    type('Client Code', 'a');
    expect(await screen.findByText('Client code must be 3 characters.')).toBeInTheDocument();

    for (const [label, message] of [
      ['Industry', 'Please select industry.'],
      ['Country', 'Please select country.'],
      ['Affiliate', 'Please select affiliate.'],
    ]) {
      fireEvent.focus(field(label));
      fireEvent.blur(field(label));
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(nextButton()).toBeDisabled();
  });

  it('keeps province and city disabled until their parent is chosen, and clears them when it changes', async () => {
    const { requests } = await start();
    await screen.findByText('Client Detail');
    expect(isSelectDisabled(field('Province'))).toBe(true);
    expect(isSelectDisabled(field('City'))).toBe(true);

    await chooseOption(field('Country'), 'Indonesia');
    await waitFor(() => expect(isSelectDisabled(field('Province'))).toBe(false));
    expect(isSelectDisabled(field('City'))).toBe(true);
    expect(requests.some((r) => r.url.endsWith('/api/master-data/provinces?country=1'))).toBe(true);

    await chooseOption(field('Province'), 'DKI Jakarta');
    await waitFor(() => expect(isSelectDisabled(field('City'))).toBe(false));
    expect(requests.some((r) => r.url.endsWith('/api/master-data/cities?province=11'))).toBe(true);
    await chooseOption(field('City'), 'Jakarta Selatan');

    await chooseOption(field('Country'), 'Singapore');
    await waitFor(() => expect(isSelectDisabled(field('City'))).toBe(true));
    const form = document.querySelector('form') as HTMLElement;
    expect(within(form).queryByText('DKI Jakarta')).toBeNull();
    expect(within(form).queryByText('Jakarta Selatan')).toBeNull();
  });

  it('upper-cases the code and shows the server message when a three-character code is taken', async () => {
    const { requests } = await start((_req, url) =>
      url.pathname === '/api/clients/check-code-availibility'
        ? json(409, {
            messages: ["Client code 'ACM' is already used."],
            type: 'Conflict',
            errors: { message: "Client code 'ACM' is already used by Acme." },
          })
        : undefined,
    );
    await screen.findByText('Client Detail');
    type('Client Code', 'ac');
    expect(field('Client Code')).toHaveValue('AC');
    await act(async () => {
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(requests.filter((r) => r.url.endsWith('/check-code-availibility'))).toHaveLength(0);

    type('Client Code', 'acm');
    expect(field('Client Code')).toHaveValue('ACM');
    expect(await screen.findByText("Client code 'ACM' is already used by Acme.")).toBeInTheDocument();
    expect(await bodiesOf(requests, '/api/clients/check-code-availibility')).toEqual([{ clientCode: 'ACM' }]);
  });
});

describe('ClientFormPage, whole wizard', () => {
  it('checks the name on Next, collects personnel in the modal and saves on Finish', async () => {
    let nameTaken = true;
    const { requests, router } = await start((req, url) => {
      if (url.pathname === '/api/clients/check-code-availibility') return json(200, { results: { available: true } });
      if (url.pathname === '/api/clients/check-availibility') {
        return nameTaken
          ? json(409, { messages: ["Client 'Acme' already exists."], type: 'Conflict' })
          : json(200, { results: { available: true } });
      }
      if (url.pathname === '/api/clients' && req.method === 'POST') return json(200, { results: { ...clientRow(9), personnel: [] } });
      return undefined;
    }, '/system/client-management');
    await screen.findByText('Client companies and their personnel.');
    await act(() => router.navigate('/system/client-management/add'));
    await screen.findByText('Client Detail');

    await fillStep1();
    await waitFor(() => expect(nextButton()).toBeEnabled());
    fireEvent.click(nextButton());
    expect(await screen.findByText("Client 'Acme' already exists.")).toBeInTheDocument();
    expect(await bodiesOf(requests, '/api/clients/check-availibility')).toEqual([{ name: 'Acme', variant: 'create' }]);

    nameTaken = false;
    type('Client Name', 'Acme Two');
    await waitFor(() => expect(nextButton()).toBeEnabled());
    fireEvent.click(nextButton());
    expect(await screen.findByText('No personnel yet.')).toBeInTheDocument();

    fireEvent.click(buttonByText('Add Personnel'));
    const modal = await waitFor(() => {
      const el = document.querySelector<HTMLElement>('.ant-modal');
      if (!el) throw new Error('no modal');
      return el;
    });
    fireEvent.click(buttonByText('Add', modal));
    for (const message of [
      'Please enter personel full name.',
      'Please enter personel position.',
      'Please choose personel gender.',
      'Please enter either email or phone number.',
    ]) {
      expect(await within(modal).findByText(message)).toBeInTheDocument();
    }
    const inModal = (label: string) => within(modal).getByLabelText(label);
    fireEvent.change(inModal('Full Name'), { target: { value: 'Budi Santoso' } });
    fireEvent.change(inModal('Position'), { target: { value: '-' } });
    expect(await within(modal).findByText("Position cannot consist only of '-'.")).toBeInTheDocument();
    fireEvent.change(inModal('Position'), { target: { value: 'CFO' } });
    fireEvent.change(inModal('Email'), { target: { value: 'budi@' } });
    expect(await within(modal).findByText('Please enter valid email format.')).toBeInTheDocument();
    fireEvent.change(inModal('Email'), { target: { value: '' } });
    fireEvent.change(inModal('Phone Number'), { target: { value: '0812' } });
    expect(await within(modal).findByText('Invalid phone number format')).toBeInTheDocument();
    fireEvent.change(inModal('Phone Number'), { target: { value: '081234567890' } });
    await chooseOption(inModal('Gender'), 'Male');
    fireEvent.click(buttonByText('Add', modal));
    expect(await screen.findByText('Budi Santoso')).toBeInTheDocument();
    expect(screen.getByText('62•••••••7890')).toBeInTheDocument();

    fireEvent.click(buttonByText('Finish'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/client-management'));
    const [saved] = await bodiesOf(requests, '/api/clients');
    expect(saved).toMatchObject({
      clientCode: 'ACM',
      clientName: 'Acme Two',
      legalName: 'PT Acme Indonesia',
      industry: 1,
      country: 1,
      province: 11,
      city: 111,
      zipCode: '12190',
      affiliate: 1,
      isActive: true,
      personnel: [{ fullname: 'Budi Santoso', position: 'CFO', gender: 'Male', phoneNumber: '6281234567890', email: null }],
    });
  });

  it('shows the save error on step 2', async () => {
    await start(
      (req, url) => {
        if (url.pathname.includes('availibility')) return json(200, { results: { available: true } });
        if (url.pathname === '/api/clients' && req.method === 'POST') {
          return json(422, { messages: ['Zip code must be a number.'], type: 'ValidationFailed' });
        }
        return undefined;
      },
    );
    await screen.findByText('Client Detail');
    await fillStep1();
    await waitFor(() => expect(nextButton()).toBeEnabled());
    fireEvent.click(nextButton());
    await screen.findByText('No personnel yet.');
    fireEvent.click(buttonByText('Finish'));
    expect(await screen.findAllByText('Zip code must be a number.')).not.toHaveLength(0);
    fireEvent.click(buttonByText('Back'));
    await waitFor(() => expect(field('Client Name')).toBeVisible());
  });
});

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

import { Session } from 'node:inspector/promises';
import { writeFileSync } from 'node:fs';
it('probe', async () => {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await start();
  await screen.findByText('Client Detail');
  for (const [label, message] of [['Client Name', 'Please enter client name.'], ['Legal Name', 'Please enter legal name.']]) {
    if (label === 'Legal Name') await session.post('Profiler.start');
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    type(label, 'x');
    const t1 = performance.now();
    type(label, '');
    const t2 = performance.now();
    await screen.findByText(message, {}, { timeout: 20000 });
    if (label === 'Legal Name') { const { profile } = await session.post('Profiler.stop'); writeFileSync('/tmp/fe-bench/probe.cpuprofile', JSON.stringify(profile)); }
    console.log('PROBE', label, 'cpu', Math.round(process.cpuUsage(c0).user / 1000), Math.round(t1 - t0), Math.round(t2 - t1), Math.round(performance.now() - t2));
  }
}, 60000);

import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Modal } from 'antd';
import { setToken } from '@/lib/api/tokens';
import type { PageFlags } from '@/lib/api/types';
import { buttonByText, chooseOption } from '@/test/antd-helpers';
import { FULL, json, makeSession, renderRoutes, stubApi } from '@/test/render';
import { filterOptions, leadDetail, leadForm, stageOptions } from '../test-fixtures';
import { LeadsManagementPage } from './leads-management-page';
import { ManagedLeadAddPage, ManagedLeadEditPage } from './lead-management-forms';
import { LeadsMonitoringPage } from './leads-monitoring-page';

/** The pages under test, as the route table has them. */
const pages = [
  { path: '/system/leads-management', Component: LeadsManagementPage },
  { path: '/system/leads-management/add', Component: ManagedLeadAddPage },
  { path: '/system/leads-management/edit/:leadsId', Component: ManagedLeadEditPage },
  { path: '/system/leads-monitoring', Component: LeadsMonitoringPage },
];

afterEach(() => Modal.destroyAll());

// the signed-in administrator is not a sales person: nobody is chosen for them
const OPTIONS = { ...filterOptions, salesPersons: [{ id: 8, fullname: 'Budi Santoso' }, { id: 9, fullname: 'Andi Pratama' }] };
const READ_ONLY: PageFlags = { isRead: true, isWrite: false, isEdit: false, isDelete: false };

async function start(path: string, flags: PageFlags) {
  setToken('a');
  const session = makeSession({ pageAccess: { 'system/leads-management': flags, leads: READ_ONLY } });
  const routes = [...session.routes, '/system/leads-management'];
  const requests = stubApi({ ...session, routes }, (req, url) => {
    if (url.pathname === '/api/leads/19/form') return json(200, { results: leadForm() });
    if (url.pathname === '/api/leads/19/stage-options') return json(200, { results: stageOptions(19, 1) });
    if (url.pathname === '/api/leads/19/update/v2' && req.method === 'PUT') {
      return json(200, { results: { lead: leadDetail(), stageMoved: false, approvalRequired: false, message: null } });
    }
    if (url.pathname === '/api/leads/filter-options') return json(200, { results: OPTIONS });
    if (url.pathname === '/api/leads-management') return json(200, { results: { data: [], totalRows: 0 } });
    if (url.pathname === '/api/leads' && req.method === 'POST') {
      return json(201, { results: { ...leadForm().lead, id: 321 } });
    }
    if (url.pathname === '/api/master-data/clients') return json(200, { results: [{ id: 1, clientName: 'Bank Nusa Mandiri' }] });
    if (url.pathname === '/api/people') return json(200, { results: { data: [], totalRows: 0 } });
    if (url.pathname.startsWith('/api/master-data/')) return json(200, { results: [] });
    return undefined;
  });
  return { requests, ...(await renderRoutes(pages, path)) };
}

describe('Leads Management add and edit', () => {
  it("edits through the leads' own wizard and call, then goes back to the list", async () => {
    const { requests, router } = await start('/system/leads-management/edit/19', { ...READ_ONLY, isEdit: true });
    const name = await screen.findByLabelText('Project Name');
    await waitFor(() => expect(name).toHaveValue('IT Strategy Assessment'));
    expect(document.querySelector('.page-breadcrumb')).toHaveTextContent('System/Leads Management/Edit IT Strategy Assessment');
    fireEvent.change(name, { target: { value: 'IT Strategy Assessment 2027' } });
    fireEvent.click(buttonByText('Save'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/leads-management'));
    const put = requests.find((r) => new URL(r.url).pathname === '/api/leads/19/update/v2')!;
    expect(JSON.parse((await put.formData()).get('data') as string)).toMatchObject({
      projectName: 'IT Strategy Assessment 2027',
    });
  });

  it('refuses the edit page without the Edit flag and asks nothing', async () => {
    const { requests } = await start('/system/leads-management/edit/19', { ...FULL, isEdit: false });
    expect(await screen.findByText('Access Denied.')).toBeInTheDocument();
    expect(requests.some((r) => new URL(r.url).pathname === '/api/leads/19/form')).toBe(false);
  });

  it("adds through the leads' own create wizard; Cancel goes back to the list", async () => {
    const { router } = await start('/system/leads-management/add', { ...READ_ONLY, isWrite: true });
    expect(await screen.findByLabelText('Client')).toBeInTheDocument();
    expect(document.querySelector('.page-breadcrumb')).toHaveTextContent('System/Leads Management/Add Lead');
    fireEvent.click(buttonByText('Cancel'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/leads-management'));
  });

  it('asks an administrator to choose the sales person, posts them and goes back to the list', async () => {
    const { requests, router } = await start('/system/leads-management/add', { ...READ_ONLY, isWrite: true });
    await chooseOption(await screen.findByLabelText('Client'), 'Bank Nusa Mandiri');
    fireEvent.click(buttonByText('Next'));
    fireEvent.change(await screen.findByLabelText('Project Name'), { target: { value: 'Refresh' } });
    fireEvent.click(buttonByText('Next'));
    await screen.findByText('Summary');
    fireEvent.click(buttonByText('Create Lead'));
    expect(await screen.findByText('Please choose a sales person')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    await chooseOption(screen.getByLabelText('Sales Person'), 'Andi Pratama');
    fireEvent.click(buttonByText('Create Lead'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/leads-management'));
    const post = requests.find((r) => r.method === 'POST' && new URL(r.url).pathname === '/api/leads')!;
    expect(await post.json()).toMatchObject({ clientId: 1, projectName: 'Refresh', salesId: 9 });
  });

  it('refuses the add page without the Add flag', async () => {
    await start('/system/leads-management/add', { ...FULL, isWrite: false });
    expect(await screen.findByText('Access Denied.')).toBeInTheDocument();
  });
});

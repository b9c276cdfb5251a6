import { fireEvent, screen, waitFor } from '@testing-library/react';
import { setToken } from '@/lib/api/tokens';
import type { PageFlags } from '@/lib/api/types';
import { chooseOption } from '@/test/antd-helpers';
import { FULL, json, makeSession, renderRoutes, stubApi } from '@/test/render';
import type { AuditRow } from '../api/audit-api';
import { AuditLogPage } from './audit-log-page';

/** The pages under test, as the route table has them. */
const pages = [
  { path: '/system/audit-log', Component: AuditLogPage },
];

const READ: PageFlags = { ...FULL, isWrite: false, isEdit: false, isDelete: false };

const ENTRIES: AuditRow[] = [
  {
    id: 2,
    at: '2026-01-06T03:10:00Z',
    actorId: 1,
    actorName: 'Admin Satu',
    subject: 'USER',
    subjectId: '7',
    subjectLabel: 'Dewi Lestari (dewi.l)',
    action: 'DEACTIVATE',
    changes: [
      { field: 'active', old: true, new: false },
      { field: 'leader', old: 'Budi Santoso', new: null },
    ],
  },
  {
    id: 1,
    at: '2026-01-05T03:10:00Z',
    actorId: null,
    actorName: null,
    subject: 'USER',
    subjectId: '7',
    subjectLabel: 'Dewi Lestari (dewi.l)',
    action: 'PASSWORD_SET',
    changes: [],
  },
];

async function start(flags: PageFlags = READ) {
  setToken('a');
  const session = makeSession({ pageAccess: { 'system/audit-log': flags } });
  const requests = stubApi({ ...session, routes: [...session.routes, '/system/audit-log'] }, (_req, url) =>
    url.pathname === '/api/audit' ? json(200, { results: { data: ENTRIES, totalRows: 2 } }) : undefined,
  );
  return { requests, ...(await renderRoutes(pages, '/system/audit-log')) };
}

const auditQueries = (requests: Request[]) =>
  requests
    .map((r) => new URL(r.url))
    .filter((u) => u.pathname === '/api/audit')
    .map((u) => Object.fromEntries(u.searchParams));

describe('AuditLogPage', () => {
  it('lists entries newest first with who, the subject, the action and the changes in words', async () => {
    const { requests } = await start();
    expect(await screen.findByText('Active: Yes → No')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Audit Log' })).toBeInTheDocument();
    expect(screen.getByText('Leader: Budi Santoso → —')).toBeInTheDocument();
    expect(auditQueries(requests)[0]).toEqual({ offset: '0', limit: '20', sort: 'at', desc: 'true' });
    const [deactivated, passwordSet] = [...document.querySelectorAll('tbody tr.ant-table-row')];
    expect(deactivated).toHaveTextContent(/6-Jan-2026 \d\d:10/);
    expect(deactivated).toHaveTextContent('Admin Satu');
    expect(deactivated).toHaveTextContent('User');
    expect(deactivated).toHaveTextContent('Dewi Lestari (dewi.l)');
    expect(deactivated).toHaveTextContent('Deactivate');
    expect(passwordSet).toHaveTextContent('System'); // no actor
    expect(passwordSet).toHaveTextContent('Password Set');
    expect(passwordSet).toHaveTextContent('—');
  });

  it('sends the search and the subject and action filters', async () => {
    const { requests } = await start();
    await screen.findByText('Active: Yes → No');
    const box = screen.getByPlaceholderText('Search by name');
    fireEvent.change(box, { target: { value: 'dewi' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(auditQueries(requests).at(-1)).toMatchObject({ search: 'dewi', offset: '0' }));

    await chooseOption(screen.getByLabelText('Filter by subject'), 'User');
    await waitFor(() =>
      expect(JSON.parse(auditQueries(requests).at(-1)?.criteria ?? '[]')).toEqual([{ field: 'subject', value: 'USER' }]),
    );
    await chooseOption(screen.getByLabelText('Filter by action'), 'Password Set');
    await waitFor(() =>
      expect(JSON.parse(auditQueries(requests).at(-1)?.criteria ?? '[]')).toEqual([
        { field: 'subject', value: 'USER' },
        { field: 'action', value: 'PASSWORD_SET' },
      ]),
    );
    expect(auditQueries(requests).at(-1)).toMatchObject({ search: 'dewi', sort: 'at', desc: 'true' });
  });

  it('shows nothing without read access', async () => {
    const { requests } = await start({ isRead: false, isWrite: false, isEdit: false, isDelete: false });
    expect(await screen.findByText('You do not have access to view the audit log.')).toBeInTheDocument();
    expect(auditQueries(requests)).toEqual([]);
  });
});

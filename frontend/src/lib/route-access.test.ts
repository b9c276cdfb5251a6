import { isRouteAllowed, normalizePath } from './route-access';

const routes = ['/', '/welcome', '/leads', '/system', '/system/client-management'];

describe('isRouteAllowed', () => {
  it('allows an exact match', () => {
    expect(isRouteAllowed('/leads', routes)).toBe(true);
    expect(isRouteAllowed('/welcome', routes)).toBe(true);
  });

  it('allows sub-paths of a route', () => {
    expect(isRouteAllowed('/leads/42/qualified', routes)).toBe(true);
    expect(isRouteAllowed('/system/client-management/add', routes)).toBe(true);
  });

  it('does not treat a shared name prefix as a sub-path', () => {
    expect(isRouteAllowed('/leadsx', routes)).toBe(false);
    expect(isRouteAllowed('/welcome-back', routes)).toBe(false);
  });

  it('matches "/" only to itself', () => {
    expect(isRouteAllowed('/', ['/'])).toBe(true);
    expect(isRouteAllowed('/anything', ['/'])).toBe(false);
  });

  it('ignores a trailing slash, query and hash', () => {
    expect(isRouteAllowed('/leads/', routes)).toBe(true);
    expect(isRouteAllowed('/leads?tab=board#top', routes)).toBe(true);
  });

  it('refuses everything when there are no routes', () => {
    expect(isRouteAllowed('/', [])).toBe(false);
    expect(isRouteAllowed('/', undefined)).toBe(false);
  });
});

describe('normalizePath', () => {
  it('normalises slashes', () => {
    expect(normalizePath('/')).toBe('/');
    expect(normalizePath('leads/')).toBe('/leads');
    expect(normalizePath('/a//')).toBe('/a');
  });
});

describe('isRouteAllowed with the whole route table', () => {
  const table = ['/', '/welcome', '/leads', '/system', '/system/client-management', '/system/user-management'];

  it('does not let a readable parent open a sub-page the user may not read', () => {
    expect(isRouteAllowed('/system', routes, table)).toBe(true);
    expect(isRouteAllowed('/system/user-management', routes, table)).toBe(false);
    expect(isRouteAllowed('/system/user-management/7/change-password', routes, table)).toBe(false);
  });

  it('still opens the sub-paths of a readable page', () => {
    expect(isRouteAllowed('/system/client-management/add', routes, table)).toBe(true);
    expect(isRouteAllowed('/leads/42/edit', routes, table)).toBe(true);
  });

  it('refuses a path outside the route table', () => {
    expect(isRouteAllowed('/nowhere', routes, table)).toBe(false);
  });
});

describe('isRouteAllowed with ":param" segments', () => {
  const table = ['/', '/leads', '/leads/add', '/leads/:leadId/view', '/leads/:leadId/edit', '/system', '/system/approval'];
  const approver = ['/system', '/system/approval', '/leads/:leadId/view'];

  it('lets a ":param" segment stand for any one segment', () => {
    expect(isRouteAllowed('/leads/42/view', approver, table)).toBe(true);
    expect(isRouteAllowed('/leads/42/view/', approver, table)).toBe(true);
    expect(isRouteAllowed('/leads/abc/view?tab=history', approver, table)).toBe(true);
  });

  it('does not open the pages beside the pattern', () => {
    expect(isRouteAllowed('/leads', approver, table)).toBe(false);
    expect(isRouteAllowed('/leads/42', approver, table)).toBe(false);
    expect(isRouteAllowed('/leads/42/edit', approver, table)).toBe(false);
    expect(isRouteAllowed('/leads/add', approver, table)).toBe(false);
    expect(isRouteAllowed('/leads/42/viewer', approver, table)).toBe(false);
    expect(isRouteAllowed('/leads//view', approver, table)).toBe(false);
  });

  it('works without the route table too', () => {
    expect(isRouteAllowed('/leads/42/view', ['/leads/:leadId/view'])).toBe(true);
    expect(isRouteAllowed('/leads/42', ['/leads/:leadId/view'])).toBe(false);
  });

  it('does not close the view to a session that reads the whole page around it', () => {
    // A sales person or team leader reads /leads; the approver's pattern is in the table, not in their routes.
    const sales = ['/', '/leads', '/system'];
    expect(isRouteAllowed('/leads/42/view', sales, table)).toBe(true);
    expect(isRouteAllowed('/leads/42/edit', sales, table)).toBe(true);
  });

  it('lets a refused plain route win over a granted pattern below it', () => {
    const withDetail = [...table, '/leads/:leadId', '/leads/:leadId/project-cost-sheet'];
    expect(isRouteAllowed('/leads/42', ['/leads/:leadId'], withDetail)).toBe(true);
    expect(isRouteAllowed('/leads/add', ['/leads/:leadId'], withDetail)).toBe(false);
    // the more specific pattern, not granted, leaves the decision to the granted one
    expect(isRouteAllowed('/leads/42/project-cost-sheet', ['/leads/:leadId'], withDetail)).toBe(true);
  });

  it('prefers the literal route over a pattern of the same length', () => {
    const withDetail = [...table, '/leads/:leadId'];
    expect(isRouteAllowed('/leads/add', ['/leads/:leadId'], withDetail)).toBe(false);
    expect(isRouteAllowed('/leads/7', ['/leads/:leadId'], withDetail)).toBe(true);
  });
});

describe('isRouteAllowed for a screen the server does not list', () => {
  const table = ['/', '/leads', '/user/inbox'];
  it('opens /notifications to whoever may open the inbox, and only to them', () => {
    expect(isRouteAllowed('/notifications', ['/user/inbox'], table)).toBe(true);
    expect(isRouteAllowed('/notifications/', ['/', '/user/inbox'], table)).toBe(true);
    expect(isRouteAllowed('/notifications', ['/', '/leads'], table)).toBe(false);
  });
});

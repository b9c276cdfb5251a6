/**
 * Screens of the route table (spec 1 §2.1) that later issues build. Each is served by the one
 * generic ComingSoonPage inside the right layout, so menus never lead to a 404. A later issue
 * replaces its entries here with the real pages.
 */
export type LaterArea = 'app' | 'system' | 'public';

export interface LaterRoute {
  /** Absolute route pattern, as react-router takes it. */
  path: string;
  title: string;
  area: LaterArea;
}

export const LATER_ROUTES: LaterRoute[] = [
  // System (documents 2 and 3)
  // Stage management (with add and edit), approval, the approval pipelines and the notification and reminder
  // settings are real pages, and so are the sales targets, User Management, the audit log, Menu Page Access, Page
  // Management, Menu Management, Assignment Monitoring, the request registers (Lead Approval, PCS Approval),
  // Leads Management, Leads Monitoring, Monthly Billing and Sales Monitoring.
  // Public (/change-password and /privacy-policy are real pages)
  { path: '/weblink/sip', title: 'SIP Web Link', area: 'public' },
];

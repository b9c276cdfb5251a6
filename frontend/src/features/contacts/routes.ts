import type { RouteObject } from 'react-router';

const contactForm = () => import('./pages/contact-form-page').then((m) => ({ Component: m.ContactFormPage }));
const contactView = () => import('./pages/contact-view-page').then((m) => ({ Component: m.ContactViewPage }));

/** Contact management (spec 3 §2.3): the list, add, edit and view. */
export const contactRoutes: RouteObject[] = [
  {
    path: '/system/contact-management',
    lazy: () => import('./pages/contact-list-page').then((m) => ({ Component: m.ContactListPage })),
  },
  { path: '/system/contact-management/add', lazy: contactForm },
  { path: '/system/contact-management/:contactId', lazy: contactView },
  { path: '/system/contact-management/:contactId/view', lazy: contactView },
  { path: '/system/contact-management/:contactId/edit', lazy: contactForm },
];

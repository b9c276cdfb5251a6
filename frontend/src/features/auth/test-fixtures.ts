import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createElement } from 'react';
import { json, makeSession, renderRoutes, stubApi, type ApiHandler } from '@/test/render';
import { SignInPage } from './pages/signin-page';

/** The sign-in page and the home it leads to, as the route table has them. */
export const signInPages = [
  { path: '/signin', Component: SignInPage },
  { path: '/', element: createElement('p', null, 'Home page') },
];

/** The sign-in page with the right password sent (as 'manda'); `handler` answers the sign-in's calls. */
export async function startSignIn(handler: ApiHandler) {
  const requests = stubApi(makeSession(), async (req, url) => {
    if (url.pathname === '/api/auth/refresh') return json(401, { messages: ['You are not signed in.'] });
    return handler(req, url);
  });
  const rendered = await renderRoutes(signInPages, '/signin', { frame: 'none' });
  fireEvent.change(await screen.findByLabelText('Username'), { target: { value: 'manda' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Pipeline#2026!Go' } });
  await waitFor(() => expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled());
  fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
  return { requests, ...rendered };
}

/** The JSON bodies of the calls to `path`, in order. */
export const bodiesTo = (requests: Request[], path: string) =>
  Promise.all(
    requests.filter((r) => new URL(r.url).pathname === path).map((r) => r.clone().json() as Promise<unknown>),
  );

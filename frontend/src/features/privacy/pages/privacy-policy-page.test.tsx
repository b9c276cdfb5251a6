import { screen } from '@testing-library/react';
import { setToken } from '@/lib/api/tokens';
import { makeSession, renderRoutes, stubApi } from '@/test/render';
import { PRIVACY_LAST_UPDATED, PrivacyPolicyPage } from './privacy-policy-page';

/** The pages under test, as the route table has them. */
const pages = [
  { path: '/privacy-policy', Component: PrivacyPolicyPage },
];

describe('PrivacyPolicyPage', () => {
  it('is readable signed out, with its date, what is kept and whom to ask', async () => {
    stubApi(null);
    const { router } = await renderRoutes(pages, '/privacy-policy', { frame: 'public' });
    expect(await screen.findByRole('heading', { name: 'Privacy Policy' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/privacy-policy');
    expect(screen.getByText(`Last updated ${PRIVACY_LAST_UPDATED}`)).toBeInTheDocument();
    for (const heading of ['What is kept, and for how long', 'Who sees what', 'What leaves the CRM']) {
      expect(screen.getByRole('heading', { name: heading })).toBeInTheDocument();
    }
    expect(screen.getByText(/Permanently: the database refuses to change or delete an audit entry/)).toBeInTheDocument();
    expect(screen.getByText(/Contact your CRM administrator/)).toBeInTheDocument();
  });

  it('names the company to a signed-in reader', async () => {
    setToken('a');
    stubApi(makeSession());
    await renderRoutes(pages, '/privacy-policy', { frame: 'public' });
    expect(await screen.findByText(/This CRM is an internal tool of PT Nusantara/)).toBeInTheDocument();
  });
});

import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Modal } from 'antd';
import { setToken } from '@/lib/api/tokens';
import { PASSWORD_MESSAGES } from '@/lib/password-policy';
import { json, makeSession, loadPages, renderApp, renderRoutes, stubApi } from '@/test/render';
import { CURRENT_PASSWORD_REQUIRED } from './change-password-form';
import { OwnPasswordPage } from '../pages/own-password-page';

/** The pages under test, as the route table has them. */
const pages = [
  { path: '/change-password', Component: OwnPasswordPage },
];

// the sign-in page a signed-out visitor is sent to loads with the file
await loadPages('/signin');

afterEach(() => Modal.destroyAll());

const NEW = 'Pipeline#2027!Go';

describe('/change-password', () => {
  it('sends a signed-out visitor to sign in, to come back here', async () => {
    stubApi(null);
    // the guard's redirect to another feature's page: the whole route table
    const { router } = await renderApp('/change-password');
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signin');
    expect(router.state.location.state).toEqual({ from: '/change-password' });
  });

  it("says the policy's messages: required, the rule, and a confirmation that differs", async () => {
    setToken('a');
    const requests = stubApi(makeSession());
    await renderRoutes(pages, '/change-password');
    expect(await screen.findByRole('heading', { name: 'Change Password' })).toBeInTheDocument();
    expect(screen.getByText('Sari Dewi')).toBeInTheDocument(); // whose password this is

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(CURRENT_PASSWORD_REQUIRED)).toBeInTheDocument();
    expect(await screen.findByText(PASSWORD_MESSAGES.newRequired)).toBeInTheDocument();
    expect(screen.getByText(PASSWORD_MESSAGES.confirmRequired)).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('New Password'), { target: { value: 'Pipeline2026' } }); // no specials
    fireEvent.change(screen.getByLabelText('Confirm New Password'), { target: { value: 'Pipeline2027' } });
    expect(await screen.findByText(PASSWORD_MESSAGES.policy)).toBeInTheDocument();
    expect(await screen.findByText(PASSWORD_MESSAGES.mustMatch)).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);
  });

  it('changes the password, says "Success", then goes home', async () => {
    setToken('a');
    const requests = stubApi(makeSession(), (req, url) =>
      url.pathname === '/api/users/me/change-password' && req.method === 'PUT' ? json(200, { results: null }) : undefined,
    );
    const { router } = await renderRoutes(pages, '/change-password');
    fireEvent.change(await screen.findByLabelText('Current Password'), { target: { value: 'old-one' } });
    fireEvent.change(screen.getByLabelText('New Password'), { target: { value: NEW } });
    fireEvent.change(screen.getByLabelText('Confirm New Password'), { target: { value: NEW } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Password successfully been changed.')).toBeInTheDocument();
    expect(document.querySelector('.ant-modal-confirm-title')).toHaveTextContent('Success');
    const put = requests.find((r) => r.method === 'PUT')!;
    expect(await put.json()).toEqual({ oldPassword: 'old-one', newPassword: NEW, confirmationNewPassword: NEW });

    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it("shows the server's refusal in an error dialog and stays", async () => {
    setToken('a');
    stubApi(makeSession(), (req, url) =>
      url.pathname === '/api/users/me/change-password' && req.method === 'PUT'
        ? json(400, { messages: ['The current password is wrong.'], type: 'BadRequest' })
        : undefined,
    );
    const { router } = await renderRoutes(pages, '/change-password');
    fireEvent.change(await screen.findByLabelText('Current Password'), { target: { value: 'bad' } });
    fireEvent.change(screen.getByLabelText('New Password'), { target: { value: NEW } });
    fireEvent.change(screen.getByLabelText('Confirm New Password'), { target: { value: NEW } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The current password is wrong.')).toBeInTheDocument();
    expect(document.querySelector('.ant-modal-confirm-title')).toHaveTextContent('Change password failed');
    expect(router.state.location.pathname).toBe('/change-password');
  });
});

import { fireEvent, screen, waitFor } from '@testing-library/react';
import { getToken } from '@/lib/api/tokens';
import { json, makeSession, renderRoutes, stubApi } from '@/test/render';
import { bodiesTo, signInPages as pages, startSignIn as start } from '../test-fixtures';
import { returnPath } from './signin-page';

const CODE_SENT = 'We emailed a code to m***@example.com. Enter it to finish signing in.';
const CHALLENGE = 'c'.repeat(43);

/** The login's answer when this device must be confirmed with a mailed code. */
const codeNeeded = (resendAfter = 30) =>
  json(401, {
    messages: [CODE_SENT],
    type: 'DeviceVerificationRequired',
    challenge: CHALLENGE,
    email: 'm***@example.com',
    resendAfter,
    expiresIn: 600,
  });

const verifyButton = () => screen.getByRole('button', { name: 'Verify and sign in' });

describe('SignInPage: the mailed code of a new device', () => {
  it('asks for the code the server mailed, then signs in with it', async () => {
    const { requests } = await start((_req, url) => {
      if (url.pathname === '/api/auth/login') return codeNeeded();
      if (url.pathname === '/api/auth/login/code') return json(200, { results: { token: 'T2' } });
      return undefined;
    });
    expect(await screen.findByRole('heading', { name: 'Check your e-mail' })).toBeInTheDocument();
    expect(screen.getByText(CODE_SENT)).toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send a new code in 30 s' })).toBeDisabled();

    const code = screen.getByLabelText('Code');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    fireEvent.change(code, { target: { value: '123 45' } });
    await waitFor(() => expect(verifyButton()).toBeDisabled());
    fireEvent.change(code, { target: { value: '123 456' } });
    await waitFor(() => expect(verifyButton()).toBeEnabled());
    fireEvent.click(verifyButton());

    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(await bodiesTo(requests, '/api/auth/login/code')).toEqual([{ challenge: CHALLENGE, code: '123456' }]);
    expect(getToken()).toBe('T2');
  });

  it("shows the server's message for a wrong code and stays on the step", async () => {
    await start((_req, url) => {
      if (url.pathname === '/api/auth/login') return codeNeeded();
      if (url.pathname === '/api/auth/login/code') {
        return json(400, { messages: ['That code is not right. 4 tries left.'], type: 'BadRequest' });
      }
      return undefined;
    });
    fireEvent.change(await screen.findByLabelText('Code'), { target: { value: '000000' } });
    await waitFor(() => expect(verifyButton()).toBeEnabled());
    fireEvent.click(verifyButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not right. 4 tries left.');
    expect(screen.getByRole('heading', { name: 'Check your e-mail' })).toBeInTheDocument();
    expect(getToken()).toBeNull();
  });

  it('mails a new code once the wait is over, and waits again', async () => {
    const { requests } = await start((_req, url) => {
      if (url.pathname === '/api/auth/login') return codeNeeded(0);
      if (url.pathname === '/api/auth/login/code/resend') {
        return json(200, { results: { email: 'm***@example.com', resendAfter: 30 } });
      }
      return undefined;
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'We sent a new code to m***@example.com. The earlier code no longer works.',
    );
    expect(await screen.findByRole('button', { name: 'Send a new code in 30 s' })).toBeDisabled();
    expect(await bodiesTo(requests, '/api/auth/login/code/resend')).toEqual([{ challenge: CHALLENGE }]);
  });

  it("shows a refused resend's message and waits as long as it says", async () => {
    await start((_req, url) => {
      if (url.pathname === '/api/auth/login') return codeNeeded(0);
      if (url.pathname === '/api/auth/login/code/resend') {
        const message = 'Too many sign-in codes were sent lately. Try again in 12 minutes.';
        return json(429, { messages: [message], type: 'TooManyRequests', retryAfter: 700 });
      }
      return undefined;
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many sign-in codes were sent lately. Try again in 12 minutes.',
    );
    expect(screen.getByRole('button', { name: 'Send a new code in 700 s' })).toBeDisabled();
  });

  it('goes back to the password with the username kept', async () => {
    await start((_req, url) => (url.pathname === '/api/auth/login' ? codeNeeded() : undefined));
    fireEvent.click(await screen.findByRole('button', { name: 'Back to sign in' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveValue('manda');
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });

  it('shows any other refusal of the right password as the server words it', async () => {
    const noMailbox =
      'Signing in from this device needs a code sent to your e-mail, but your account has no e-mail address. ' +
      'Sign in from a device you have used before, or ask an administrator.';
    await start((_req, url) =>
      url.pathname === '/api/auth/login' ? json(401, { messages: [noMailbox], type: 'Unauthorized' }) : undefined,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(noMailbox);
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  });
});

describe('SignInPage: the organisation’s sign-in providers', () => {
  const options = (passwordSignIn: boolean) =>
    json(200, { results: { passwordSignIn, providers: [{ key: 'entra', label: 'Microsoft' }] } });

  async function open(path: string, passwordSignIn: boolean) {
    stubApi(makeSession(), (_req, url) => {
      if (url.pathname === '/api/auth/refresh') return json(401, { messages: ['You are not signed in.'] });
      if (url.pathname === '/api/auth/sign-in-options') return options(passwordSignIn);
      return undefined;
    });
    await renderRoutes(pages, path, { frame: 'none' });
  }

  it('offers a button per provider, which starts the sign-in at the API, beside the password form', async () => {
    await open('/signin', true);
    const button = await screen.findByRole('link', { name: /Sign in with Microsoft/ });
    expect(button).toHaveAttribute('href', '/api/auth/oidc/entra/start');
    expect(screen.getByText('or with your username')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
  });

  it('offers only the providers when password sign-in is off for everyone', async () => {
    await open('/signin', false);
    expect(await screen.findByRole('link', { name: /Sign in with Microsoft/ })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByLabelText('Password')).not.toBeInTheDocument());
    expect(screen.queryByText('or with your username')).not.toBeInTheDocument();
  });

  it.each([
    ['no_account', 'There is no CRM account for you yet. Ask an administrator to create one.'],
    ['pending', 'Your CRM account has been created and is waiting for an administrator to activate it.'],
    ['unavailable', "Your organisation's sign-in service cannot be reached right now. Please try again in a few minutes."],
    ['something-new', 'The sign-in could not be completed. Please try again.'],
  ])('says why a sign-in through the provider was refused (%s)', async (code, message) => {
    await open(`/signin?oidc_error=${code}`, false);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });
});

describe('returnPath', () => {
  it('returns to the page the session was asked for, never to the sign-in or the sign-out', () => {
    expect(returnPath({ from: '/leads?view=list' })).toBe('/leads?view=list');
    expect(returnPath({ from: '/signout' })).toBe('/');
    expect(returnPath({ from: '/signin?oidc_error=state' })).toBe('/');
    expect(returnPath({ from: '//evil.example/x' })).toBe('/');
    expect(returnPath({ from: 'https://evil.example' })).toBe('/');
    expect(returnPath(null)).toBe('/');
  });
});

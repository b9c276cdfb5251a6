import { fireEvent, screen, waitFor } from '@testing-library/react';
import { getToken } from '@/lib/api/tokens';
import { json } from '@/test/render';
import { RECOVERY_PROMPT } from '../components/second-factor-step';
import { bodiesTo, startSignIn as start } from '../test-fixtures';

const CHALLENGE = 'f'.repeat(43);
const CODE_NEEDED = 'Enter the 6-digit code from your authenticator app to finish signing in.';
const ENROL_NEEDED =
  'Your role requires a second factor. Add this account to an authenticator app, then enter the code it shows to ' +
  'finish signing in.';
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const RECOVERY = Array.from({ length: 10 }, (_, i) => `abcde-fgh${i + 2}k`);

const factorNeeded = () =>
  json(401, { messages: [CODE_NEEDED], type: 'SecondFactorRequired', challenge: CHALLENGE, expiresIn: 300 });
const enrolmentNeeded = () =>
  json(401, {
    messages: [ENROL_NEEDED],
    type: 'SecondFactorEnrolmentRequired',
    challenge: CHALLENGE,
    expiresIn: 900,
    secret: SECRET,
    otpauthUri: `otpauth://totp/Pipeline%20CRM:manda?secret=${SECRET}&issuer=Pipeline%20CRM`,
    qrSvg: '<svg viewBox="0 0 10 10"><path d="M0 0h1v1h-1z"/></svg>',
  });

const button = (name: string) => screen.getByRole('button', { name });

describe('SignInPage: a second factor', () => {
  it('asks for the authenticator code after the password, then signs in with it', async () => {
    const { requests } = await start((_req, url) => {
      if (url.pathname === '/api/auth/login') return factorNeeded();
      if (url.pathname === '/api/auth/login/second-factor') return json(200, { results: { token: 'T3' } });
      return undefined;
    });
    expect(await screen.findByRole('heading', { name: 'Two-step sign-in' })).toBeInTheDocument();
    expect(screen.getByText(CODE_NEEDED)).toBeInTheDocument();
    const code = screen.getByLabelText('Authentication code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    fireEvent.change(code, { target: { value: '12345' } });
    await waitFor(() => expect(button('Verify and sign in')).toBeDisabled());
    fireEvent.change(code, { target: { value: '123 456' } });
    await waitFor(() => expect(button('Verify and sign in')).toBeEnabled());
    fireEvent.click(button('Verify and sign in'));

    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(await bodiesTo(requests, '/api/auth/login/second-factor')).toEqual([
      { challenge: CHALLENGE, code: '123456' },
    ]);
    expect(getToken()).toBe('T3');
  });

  it("shows the server's refusal and takes a recovery code instead", async () => {
    const { requests } = await start((_req, url) => {
      if (url.pathname === '/api/auth/login') return factorNeeded();
      if (url.pathname === '/api/auth/login/second-factor') {
        return requests.filter((r) => new URL(r.url).pathname === url.pathname).length === 1
          ? json(400, { messages: ['That code is not right. 4 tries left.'], type: 'BadRequest' })
          : json(200, { results: { token: 'T4' } });
      }
      return undefined;
    });
    fireEvent.change(await screen.findByLabelText('Authentication code'), { target: { value: '000000' } });
    await waitFor(() => expect(button('Verify and sign in')).toBeEnabled());
    fireEvent.click(button('Verify and sign in'));
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not right. 4 tries left.');
    expect(getToken()).toBeNull();

    expect(screen.getByText(CODE_NEEDED)).toBeInTheDocument();
    fireEvent.click(button('Use a recovery code instead'));
    // the prompt follows the choice
    expect(screen.getByText(RECOVERY_PROMPT)).toBeInTheDocument();
    expect(screen.queryByText(CODE_NEEDED)).toBeNull();
    fireEvent.change(screen.getByLabelText('Recovery code'), { target: { value: ' abcde-fgh2k ' } });
    await waitFor(() => expect(button('Verify and sign in')).toBeEnabled());
    fireEvent.click(button('Verify and sign in'));
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect((await bodiesTo(requests, '/api/auth/login/second-factor'))[1]).toEqual({
      challenge: CHALLENGE,
      recoveryCode: 'abcde-fgh2k',
    });
  });

  it('walks a user whose role requires one through the QR code, a code and the recovery codes', async () => {
    const { requests } = await start((_req, url) => {
      if (url.pathname === '/api/auth/login') return enrolmentNeeded();
      if (url.pathname === '/api/auth/login/second-factor/enrol') {
        return json(200, { results: { token: 'T5', recoveryCodes: RECOVERY } });
      }
      return undefined;
    });
    expect(await screen.findByRole('heading', { name: 'Set up a second factor' })).toBeInTheDocument();
    expect(screen.getByText(ENROL_NEEDED)).toBeInTheDocument();
    expect(screen.getByAltText('QR code to add this account to an authenticator app')).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/),
    );
    expect(screen.getByTestId('totp-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    fireEvent.change(screen.getByLabelText('Authentication code'), { target: { value: '654321' } });
    await waitFor(() => expect(button('Turn on and sign in')).toBeEnabled());
    fireEvent.click(button('Turn on and sign in'));

    expect(await screen.findByRole('heading', { name: 'Save your recovery codes' })).toBeInTheDocument();
    expect(screen.getByText(/shown only this once/)).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Recovery codes' }).querySelectorAll('li')).toHaveLength(10);
    expect(screen.getByRole('button', { name: /Download \(\.txt\)/ })).toBeInTheDocument();
    expect(getToken()).toBeNull(); // no session until the codes are saved
    fireEvent.click(button('I have saved my codes, continue'));
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(getToken()).toBe('T5');
    expect(await bodiesTo(requests, '/api/auth/login/second-factor/enrol')).toEqual([
      { challenge: CHALLENGE, code: '654321' },
    ]);
  });
});

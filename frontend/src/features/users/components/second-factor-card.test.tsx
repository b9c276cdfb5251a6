import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Modal } from 'antd';
import { setToken } from '@/lib/api/tokens';
import type { SecondFactorStatus } from '@/lib/api/types';
import { json, makeSession, renderRoutes, stubApi, type ApiHandler } from '@/test/render';
import { ProfilePage } from '../pages/profile-page';

afterEach(() => Modal.destroyAll());

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const RECOVERY = Array.from({ length: 10 }, (_, i) => `qwert-yuip${i + 2}`);
const off: SecondFactorStatus = { enabled: false, enabledAt: null, recoveryCodesLeft: 0, requiredByRole: false };
const on: SecondFactorStatus = { enabled: true, enabledAt: '2026-11-29T10:00:00Z', recoveryCodesLeft: 10, requiredByRole: false };

async function start(handler: ApiHandler) {
  setToken('a');
  const session = makeSession();
  const requests = stubApi({ ...session, routes: [...session.routes, '/user/profile'] }, async (req, url) => {
    if (url.pathname.endsWith('/detail')) return json(200, { results: session.user });
    return handler(req, url);
  });
  await renderRoutes([{ path: '/user/profile', Component: ProfilePage }], '/user/profile');
  return requests;
}

const posted = (requests: Request[], path: string) =>
  Promise.all(
    requests
      .filter((r) => r.method === 'POST' && new URL(r.url).pathname === path)
      .map((r) => r.clone().json() as Promise<unknown>),
  );

describe('SecondFactorCard', () => {
  it('sets up two-step sign-in: the QR code and key, a code, then the recovery codes once', async () => {
    let status = off;
    const requests = await start((_req, url) => {
      if (url.pathname === '/api/auth/second-factor') return json(200, { results: status });
      if (url.pathname === '/api/auth/second-factor/setup') {
        return json(200, {
          results: { secret: SECRET, otpauthUri: 'otpauth://totp/x', qrSvg: '<svg/>', expiresIn: 900 },
        });
      }
      if (url.pathname === '/api/auth/second-factor/confirm') {
        status = on;
        return json(200, { results: { recoveryCodes: RECOVERY } });
      }
      return undefined;
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Set up two-step sign-in' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByTestId('totp-secret')).toHaveTextContent('JBSW Y3DP');
    fireEvent.change(within(dialog).getByLabelText('Authentication code'), { target: { value: '246810' } });
    const turnOn = within(dialog).getByRole('button', { name: 'Turn on' });
    await waitFor(() => expect(turnOn).toBeEnabled());
    fireEvent.click(turnOn);

    expect(await within(dialog).findByText(/shown only this once/)).toBeInTheDocument();
    expect(within(dialog).getAllByText(/^qwert-yuip/)).toHaveLength(10);
    expect(await posted(requests, '/api/auth/second-factor/confirm')).toEqual([{ code: '246810' }]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'I have saved my codes' }));
    expect(await screen.findByText(/10 recovery codes left/)).toBeInTheDocument();
    expect(screen.getByText('On')).toBeInTheDocument();
  });

  it("turns it off with a recovery code, and shows the server's refusal first", async () => {
    let tries = 0;
    const requests = await start((_req, url) => {
      if (url.pathname === '/api/auth/second-factor') return json(200, { results: tries > 1 ? off : on });
      if (url.pathname === '/api/auth/second-factor/disable') {
        tries += 1;
        return tries === 1
          ? json(400, { messages: ['That recovery code is not right, or it was already used.'], type: 'BadRequest' })
          : json(200, { results: off });
      }
      return undefined;
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Use a recovery code instead' }));
    fireEvent.change(within(dialog).getByLabelText('Recovery code'), { target: { value: 'qwert-yuip2' } });
    const submit = within(dialog).getByRole('button', { name: 'Turn off' });
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('That recovery code is not right');
    fireEvent.click(submit);
    expect(await screen.findByRole('button', { name: 'Set up two-step sign-in' })).toBeInTheDocument();
    expect(await posted(requests, '/api/auth/second-factor/disable')).toEqual([
      { recoveryCode: 'qwert-yuip2' },
      { recoveryCode: 'qwert-yuip2' },
    ]);
  });

  it('cannot be turned off when the role requires it', async () => {
    await start((_req, url) =>
      url.pathname === '/api/auth/second-factor'
        ? json(200, { results: { ...on, recoveryCodesLeft: 2, requiredByRole: true } })
        : undefined,
    );
    expect(await screen.findByText(/Your role requires two-step sign-in/)).toBeInTheDocument();
    expect(screen.getByText('Few recovery codes left: make new ones.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Turn off' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New recovery codes' })).toBeInTheDocument();
  });
});

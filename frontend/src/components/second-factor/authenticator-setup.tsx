import { Flex, Typography } from 'antd';
import './second-factor.css';

/** "ABCD EFGH ...": easier to type into an app by hand. */
export const groupedSecret = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * How to add the account to an authenticator app: the QR code (the server's SVG, shown as an image so nothing in it
 * runs) and the secret as text for entering by hand.
 */
export function AuthenticatorSetup({ secret, qrSvg }: { secret: string; qrSvg: string }) {
  return (
    <div className="second-factor-setup">
      <ol className="second-factor-setup__steps">
        <li>Open an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 1Password…).</li>
        <li>Scan this QR code, or enter the key below by hand.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <img
        className="second-factor-setup__qr"
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrSvg)}`}
        alt="QR code to add this account to an authenticator app"
        width={180}
        height={180}
      />
      <div className="second-factor-setup__secret">
        <Typography.Text type="secondary">Key for entering by hand (time-based, 6 digits)</Typography.Text>
        <Flex align="center" justify="center" gap={4} className="second-factor-setup__key-row">
          <code className="second-factor-setup__key" data-testid="totp-secret">
            {groupedSecret(secret)}
          </code>
          <Typography.Text copyable={{ text: secret, tooltips: ['Copy key', 'Copied'] }} />
        </Flex>
      </div>
    </div>
  );
}

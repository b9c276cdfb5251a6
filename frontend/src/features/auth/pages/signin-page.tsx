import { LockOutlined, LoginOutlined, UserOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Divider, Flex, Form, Input } from 'antd';
import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { FullPageSpinner } from '@/components/full-page-spinner';
import type { DeviceVerification, SecondFactorChallenge, SecondFactorEnrolment } from '@/lib/api/types';
import { useSession } from '@/lib/session';
import { AuthLayout } from '../components/auth-layout';
import { enrolSecondFactor, providerSignInUrl, signInOptionsQueryOptions, verifySecondFactor, type SecondFactorAnswer } from '../api/auth-api';
import { EnrolmentStep } from '../components/enrolment-step';
import { RECOVERY_PROMPT, SecondFactorStep } from '../components/second-factor-step';
import { SignInCodeStep } from '../components/sign-in-code-step';
import {
  deviceVerification,
  loginErrorMessage,
  secondFactorChallenge,
  secondFactorEnrolment,
} from '../lib/login-error';
import { oidcErrorMessage } from '../lib/oidc-error';

interface SignInValues {
  username: string;
  password: string;
}

/** Pages a sign-in never returns to: the sign-in itself, and the sign-out (the session ending while it signed out
 *  sends its tab to /signin from there: returning would sign the new session out). */
const NO_RETURN = ['/signin', '/signout'];

export function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') &&
    !NO_RETURN.some((page) => from === page || from.startsWith(`${page}?`) || from.startsWith(`${page}/`))
    ? from
    : '/';
}

/** A "Sign in with <provider>" button per configured OpenID provider: a plain link, the browser leaves for the
 * provider's page (the API starts the handshake). */
function ProviderButtons({ providers, returnTo }: { providers: { key: string; label: string }[]; returnTo: string }) {
  return (
    <Flex vertical gap={8}>
      {providers.map((p) => (
        <Button key={p.key} size="large" block icon={<LoginOutlined />} href={providerSignInUrl(p.key, returnTo)}>
          Sign in with {p.label}
        </Button>
      ))}
    </Flex>
  );
}

function PasswordForm({
  username: initialUsername,
  error,
  submitting,
  onFinish,
}: {
  username: string;
  error: string | null;
  submitting: boolean;
  onFinish: (values: SignInValues) => void;
}) {
  const [form] = Form.useForm<SignInValues>();
  const username = Form.useWatch('username', form);
  const password = Form.useWatch('password', form);
  return (
    <>
      {error && <Alert type="error" showIcon title={error} className="auth-card__alert" role="alert" />}
      <Form<SignInValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        size="large"
        initialValues={{ username: initialUsername }}
      >
        <Form.Item label="Username" name="username">
          <Input prefix={<UserOutlined />} autoComplete="username" autoFocus placeholder="Your username" />
        </Form.Item>
        <Form.Item label="Password" name="password" style={{ marginBottom: 8 }}>
          <Input.Password prefix={<LockOutlined />} autoComplete="current-password" placeholder="Your password" />
        </Form.Item>
        <div className="auth-card__row">
          <Link to="/forgot-password">Forgot password?</Link>
        </div>
        <Button
          type="primary"
          htmlType="submit"
          block
          loading={submitting}
          disabled={!username?.trim() || !password}
        >
          Sign In
        </Button>
      </Form>
    </>
  );
}

export function SignInPage() {
  const { login, verifySignInCode, startSession, status } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [username, setUsername] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [byRecoveryCode, setByRecoveryCode] = useState(false); // the second step's prompt follows its choice
  // the password was right, but this device must be confirmed with a code mailed to the user first
  const [verification, setVerification] = useState<DeviceVerification | null>(null);
  // the password was right, and the user confirms sign-ins with a second factor (or must set one up first)
  const [challenge, setChallenge] = useState<SecondFactorChallenge | null>(null);
  const [enrolment, setEnrolment] = useState<SecondFactorEnrolment | null>(null);
  const [enrolledToken, setEnrolledToken] = useState<string | null>(null);
  // a sign-in through the organisation's provider that came back refused; the form's own errors replace it
  const [searchParams] = useSearchParams();
  const providerError = oidcErrorMessage(searchParams.get('oidc_error'));
  const options = useQuery(signInOptionsQueryOptions());

  if (status === 'authenticated' && !submitting) {
    return <Navigate to={returnPath(location.state)} replace />;
  }
  // A page load first tries the refresh cookie: a signed-in user goes on without seeing the form.
  if (status === 'loading' && !submitting) return <FullPageSpinner tip="Signing you in…" />;

  const onSignIn = async (values: SignInValues) => {
    setError(null);
    setSubmitting(true);
    setUsername(values.username.trim());
    try {
      await login(values.username.trim(), values.password);
      navigate(returnPath(location.state), { replace: true });
    } catch (e) {
      setSubmitting(false);
      if (!nextStep(e)) setError(loginErrorMessage(e));
    }
  };

  /** The step a refusal of the right password asks for, if it asks for one. */
  const nextStep = (e: unknown): boolean => {
    const mailed = deviceVerification(e);
    const factor = secondFactorChallenge(e);
    const enrol = secondFactorEnrolment(e);
    setVerification(mailed);
    setChallenge(factor);
    setEnrolment(enrol);
    return Boolean(mailed ?? factor ?? enrol);
  };
  const back = () => {
    setVerification(null);
    setChallenge(null);
    setEnrolment(null);
    setEnrolledToken(null);
  };
  const finished = async (token: string) => {
    setSubmitting(true);
    try {
      await startSession(token);
      navigate(returnPath(location.state), { replace: true });
    } catch (e) {
      setSubmitting(false);
      throw e;
    }
  };

  const onVerify = async (code: string) => {
    if (!verification) return;
    setSubmitting(true);
    try {
      await verifySignInCode(verification.challenge, code);
      navigate(returnPath(location.state), { replace: true });
    } catch (e) {
      setSubmitting(false);
      if (!secondFactorEnrolment(e)) throw e;
      nextStep(e); // the mailed code was right; the role requires a second factor first
    }
  };

  const onSecondFactor = async (answer: SecondFactorAnswer) => {
    if (!challenge) return;
    setSubmitting(true);
    let token: string;
    try {
      token = (await verifySecondFactor(challenge.challenge, answer)).token;
    } catch (e) {
      setSubmitting(false);
      throw e;
    }
    await finished(token);
  };

  const onEnrol = async (code: string) => {
    if (!enrolment) return [];
    const enrolled = await enrolSecondFactor(enrolment.challenge, code);
    setEnrolledToken(enrolled.token);
    return enrolled.recoveryCodes;
  };

  if (enrolment) {
    return (
      <AuthLayout
        title={enrolledToken ? 'Save your recovery codes' : 'Set up a second factor'}
        subtitle={enrolledToken ? 'Your second factor is on.' : enrolment.messages.join(' ')}
      >
        <EnrolmentStep
          enrolment={enrolment}
          username={username}
          onConfirm={onEnrol}
          onContinue={() => finished(enrolledToken ?? '')}
          onBack={back}
        />
      </AuthLayout>
    );
  }
  if (challenge) {
    return (
      <AuthLayout title="Two-step sign-in" subtitle={byRecoveryCode ? RECOVERY_PROMPT : challenge.messages.join(' ')}>
        <SecondFactorStep
          submitting={submitting}
          onVerify={onSecondFactor}
          onBack={back}
          onRecoveryChange={setByRecoveryCode}
        />
      </AuthLayout>
    );
  }
  if (verification) {
    return (
      <AuthLayout title="Check your e-mail" subtitle={verification.messages.join(' ')}>
        <SignInCodeStep
          verification={verification}
          submitting={submitting}
          onVerify={onVerify}
          onBack={back}
        />
      </AuthLayout>
    );
  }
  const providers = options.data?.providers ?? [];
  // the form unless the server says it is off (also while the options load, or if they cannot be read)
  const passwordForm = options.data?.passwordSignIn ?? true;
  return (
    <AuthLayout title="Sign in" subtitle="Welcome back. Sign in with your company account.">
      {providerError && !error && (
        <Alert type="error" showIcon title={providerError} className="auth-card__alert" role="alert" />
      )}
      {providers.length > 0 && (
        <>
          <ProviderButtons providers={providers} returnTo={returnPath(location.state)} />
          {passwordForm && <Divider plain>or with your username</Divider>}
        </>
      )}
      {passwordForm && (
        <PasswordForm username={username} error={error} submitting={submitting} onFinish={onSignIn} />
      )}
      {!passwordForm && providers.length === 0 && (
        <Alert type="warning" showIcon title="No way to sign in is configured. Ask an administrator." role="alert" />
      )}
    </AuthLayout>
  );
}

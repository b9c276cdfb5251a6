import { KeyOutlined, MailOutlined, SafetyCertificateOutlined, UnlockOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { showConfirm, toast } from '@/components/dialogs';
import { errorMessage } from '@/lib/api/errors';
import { invalidateDomains, queryDomains } from '@/lib/query-domains';
import {
  resetSecondFactor,
  secondFactorQueryOptions,
  sendPasswordMail,
  unlockUser,
  type UserRow,
} from '../api/user-management-api';

export const resetQuestion = (name: string) =>
  `Reset ${name}'s two-step sign-in? Their authenticator and recovery codes stop working: they sign in with their ` +
  'password alone, or set up a new authenticator at their next sign-in if their role requires one.';

/** What lifting the sign-in limits answers, in words. */
export const unlockedText = (name: string, codeRequired: boolean) =>
  codeRequired
    ? `${name} needed a mailed code on new devices after many failed sign-ins; that and any sign-in delays are lifted.`
    : `${name} needed no code on new devices; any sign-in delays are cleared.`;

/** The edit page's sign-in actions: the password mail, setting a password, lifting the sign-in limits, resetting
 * a lost second factor. */
export function AccountActions({ user, basePath }: { user: UserRow; basePath: string }) {
  const navigate = useNavigate();
  const [unlocked, setUnlocked] = useState<string | null>(null);
  const mail = useMutation({
    mutationFn: () => sendPasswordMail(user.id),
    onSuccess: () => toast.success(`A password mail has been sent to ${user.email}.`),
    onError: (error) => toast.error('The password mail could not be sent.', errorMessage(error)),
  });
  const unlock = useMutation({
    mutationFn: () => unlockUser(user.id),
    onSuccess: ({ codeRequired }) => {
      const text = unlockedText(user.fullname, codeRequired);
      setUnlocked(text);
      toast.success(text);
    },
    onError: (error) => toast.error('The sign-in limits could not be lifted.', errorMessage(error)),
  });
  const queryClient = useQueryClient();
  const secondFactor = useQuery(secondFactorQueryOptions(user.id));
  const reset = () =>
    showConfirm({
      title: 'Reset second factor',
      content: resetQuestion(user.fullname),
      okText: 'Reset',
      danger: true,
      onOk: async () => {
        try {
          await resetSecondFactor(user.id);
          toast.success(`${user.fullname}'s two-step sign-in has been reset.`);
        } catch (error) {
          toast.error('The second factor could not be reset.', errorMessage(error));
        }
        await invalidateDomains(queryClient, queryDomains.userManagement, queryDomains.audit);
      },
    });

  return (
    <section className="user-account" aria-label="Sign-in">
      <Typography.Title level={5} className="user-account__title">
        Sign-in
      </Typography.Title>
      <Flex wrap gap={8}>
        <Button
          icon={<MailOutlined />}
          loading={mail.isPending}
          disabled={!user.email}
          title={user.email ? undefined : 'Add an e-mail address first'}
          onClick={() => mail.mutate()}
        >
          Send password mail
        </Button>
        <Button icon={<KeyOutlined />} onClick={() => navigate(`${basePath}/${user.id}/change-password`)}>
          Set password
        </Button>
        <Button icon={<UnlockOutlined />} loading={unlock.isPending} onClick={() => unlock.mutate()}>
          Lift sign-in limits
        </Button>
        {secondFactor.data?.enabled && (
          <Button icon={<SafetyCertificateOutlined />} danger onClick={() => void reset()}>
            Reset second factor
          </Button>
        )}
      </Flex>
      {secondFactor.data && (
        <Typography.Text type="secondary" className="user-account__note">
          Two-step sign-in:{' '}
          {secondFactor.data.enabled ? <Tag color="green">On</Tag> : <Tag>Off</Tag>}
          {secondFactor.data.requiredByRole && !secondFactor.data.enabled && 'required by the role: set up at next sign-in'}
        </Typography.Text>
      )}
      {!user.email && (
        <Typography.Text type="secondary" className="user-account__note">
          The password mail needs an e-mail address.
        </Typography.Text>
      )}
      {unlocked && (
        <Typography.Text type="secondary" className="user-account__note" role="status">
          {unlocked}
        </Typography.Text>
      )}
    </section>
  );
}

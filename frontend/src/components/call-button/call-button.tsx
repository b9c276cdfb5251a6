import { PhoneOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Button, Tooltip } from 'antd';
import { showError, toast } from '@/components/dialogs';
import { api, unwrap } from '@/lib/api/client';
import { errorMessage } from '@/lib/api/errors';

export const DEVICE_PAGE = '/weblink/sip';

/** +62 812-1000-0005 from the stored 6281210000005 (digits only, with the country code). */
export function formatPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (!digits.startsWith('62') || digits.length < 9) return `+${digits}`;
  const rest = digits.slice(2);
  return `+62 ${rest.slice(0, 3)}-${rest.slice(3, 7)}-${rest.slice(7)}`;
}

export interface CallButtonProps {
  contactId: number;
  /** The lead the call is about: the call is recorded on it. */
  leadId?: number;
  name: string;
  phone: string;
  size?: 'small' | 'middle';
}

/**
 * Call (spec 1 §4 Call telephony): rings the contact's number on the user's registered call devices
 * (/weblink/sip or a softphone); the device places the call and reports it, and a call about a lead is recorded on it.
 */
export function CallButton({ contactId, leadId, name, phone, size = 'small' }: CallButtonProps) {
  const call = useMutation({
    mutationFn: () => unwrap(api.POST('/calls', { body: { contactId, leadId } })),
    onSuccess: (placed) => {
      const devices = placed.devices === 1 ? 'your call device' : `your ${placed.devices} call devices`;
      toast.success(`Calling ${name} (${formatPhone(placed.phone)}) on ${devices}.`);
    },
    onError: (error) =>
      void showError({
        title: 'The call was not placed',
        content: (
          <>
            {errorMessage(error)}{' '}
            <a href={DEVICE_PAGE} target="_blank" rel="noreferrer">
              Open Web Link SIP
            </a>
          </>
        ),
      }),
  });
  return (
    <Tooltip title={`Ring ${formatPhone(phone)} on your call device`}>
      <Button
        size={size}
        icon={<PhoneOutlined />}
        loading={call.isPending}
        onClick={() => call.mutate()}
        aria-label={`Call ${name}`}
      >
        Call
      </Button>
    </Tooltip>
  );
}

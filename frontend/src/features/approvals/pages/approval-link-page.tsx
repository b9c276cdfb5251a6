import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Flex, Form, Input, Result, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { DESCRIPTION_MAX, DESCRIPTION_TOO_LONG } from '@/components/description-dialog';
import { isApiError, serverMessages } from '@/lib/api/errors';
import { formatDateTime } from '@/lib/format';
import { approvalLinkQueryOptions, decideByLink } from '../api/approvals-api';
import type { ApprovalLink, LinkDecision } from '../api/types';
import { DECISION_RECEIVED } from '../lib/labels';
import '../components/approvals.css';

/** The rules' message (workflows.contracts.approval_rules.NOTE_REQUIRED), the same as the Review dialog's server. */
export const NOTE_REQUIRED = 'A description is required to reject.';
export const QUEUE_PATH = '/system/approval';
const FALLBACK = 'This approval link cannot be used. Open the approval queue in the CRM to decide on the request.';

function message(error: unknown): string {
  return serverMessages(error).join(' ') || FALLBACK;
}

/** A refusal of the note: the approver fixes it here, and the link is still good. */
const isNoteRefusal = (error: unknown) => isApiError(error) && error.status === 422;

/**
 * /approval/mail/:token — the page a mail's Approve or Reject link opens, signed in or not. Opening it decides
 * nothing (mail scanners open links too): it shows the request and asks to confirm; a rejection asks for its note.
 */
export function ApprovalLinkPage() {
  const { token = '' } = useParams();
  const link = useQuery(approvalLinkQueryOptions(token));
  const [done, setDone] = useState<LinkDecision | null>(null);

  return (
    <div className="approval-link">
      {link.isPending ? (
        <Card>
          <Skeleton active paragraph={{ rows: 6 }} />
        </Card>
      ) : link.isError ? (
        <Refused text={message(link.error)} />
      ) : done ? (
        <Decided answer={done} />
      ) : (
        <Confirm link={link.data} token={token} onDecided={setDone} />
      )}
    </div>
  );
}

function Refused({ text }: { text: string }) {
  return (
    <Card>
      <Result
        status="warning"
        title="This link cannot be used"
        subTitle={text}
        extra={
          <Link to={QUEUE_PATH}>
            <Button type="primary">Open the approval queue</Button>
          </Link>
        }
      />
    </Card>
  );
}

function Decided({ answer }: { answer: LinkDecision }) {
  const processing = answer.outcome === 'PROCESSING';
  return (
    <Card>
      <Result
        status={processing ? 'info' : 'success'}
        title={processing ? 'Decision received' : answer.action === 'APPROVED' ? 'Approved' : 'Rejected'}
        subTitle={processing ? answer.message || DECISION_RECEIVED : answer.message}
        extra={
          <Link to={QUEUE_PATH}>
            <Button>Open the approval queue</Button>
          </Link>
        }
      />
    </Card>
  );
}

interface ConfirmProps {
  link: ApprovalLink;
  token: string;
  onDecided: (answer: LinkDecision) => void;
}

function Confirm({ link, token, onDecided }: ConfirmProps) {
  const rejecting = link.action === 'REJECTED';
  const [note, setNote] = useState('');
  const [touched, setTouched] = useState(false);
  const decide = useMutation({
    mutationFn: () => decideByLink(token, note.trim() || null),
    onSuccess: onDecided,
  });
  const missing = rejecting && note.trim() === '';
  const tooLong = note.length > DESCRIPTION_MAX;
  const noteError = decide.isError && isNoteRefusal(decide.error) ? message(decide.error) : undefined;
  const help = tooLong
    ? DESCRIPTION_TOO_LONG
    : touched && missing
      ? NOTE_REQUIRED
      : noteError;
  // a refusal other than the note's: the link cannot decide (used meanwhile, the request decided by someone else)
  if (decide.isError && !isNoteRefusal(decide.error)) return <Refused text={message(decide.error)} />;

  const verb = rejecting ? 'Reject' : 'Approve';
  return (
    <Card
      title={
        <Flex align="center" gap={8} wrap>
          <span>{verb} this request?</span>
          <Tag color={rejecting ? 'red' : 'green'}>{rejecting ? 'Reject' : 'Approve'}</Tag>
        </Flex>
      }
    >
      <Typography.Paragraph>
        You are about to <strong>{rejecting ? 'reject' : 'approve'}</strong> {link.requestedByName}&apos;s request to{' '}
        {link.request}, as <strong>{link.approverName}</strong>. Nothing is decided until you confirm.
      </Typography.Paragraph>
      <Descriptions
        size="small"
        bordered
        column={1}
        className="approval-link__facts"
        items={[
          { key: 'type', label: 'Request', children: link.requestTypeLabel },
          { key: 'project', label: 'Project', children: link.projectName },
          { key: 'client', label: 'Client', children: link.clientName ?? '-' },
          { key: 'by', label: 'Requested by', children: link.requestedByName },
          { key: 'at', label: 'Requested at', children: formatDateTime(link.requestedAt) },
          { key: 'notes', label: 'Notes', children: link.notes || '-' },
          {
            key: 'layer',
            label: 'Layer',
            children: `${link.layerName} (${link.layerNumber} of ${link.layerCount})`,
          },
          { key: 'until', label: 'Link valid until', children: formatDateTime(link.expiresAt) },
        ]}
      />
      <Form layout="vertical" component="div" className="approval-link__form">
        <Form.Item
          label={rejecting ? 'Description' : 'Note'}
          required={rejecting}
          validateStatus={help ? 'error' : undefined}
          help={help}
        >
          <Input.TextArea
            aria-label={rejecting ? 'Description' : 'Note'}
            value={note}
            rows={4}
            count={{ show: true, max: DESCRIPTION_MAX }}
            placeholder={rejecting ? 'Why? (required)' : 'Add a note (optional)'}
            onChange={(e) => {
              setNote(e.target.value);
              if (decide.isError) decide.reset();
            }}
            onBlur={() => setTouched(true)}
          />
        </Form.Item>
      </Form>
      <Flex justify="flex-end" gap={8} wrap className="approval-link__actions">
        <Link to={QUEUE_PATH}>
          <Button>Open the queue instead</Button>
        </Link>
        <Button
          type="primary"
          danger={rejecting}
          icon={rejecting ? <CloseOutlined /> : <CheckOutlined />}
          loading={decide.isPending}
          disabled={tooLong}
          onClick={() => {
            setTouched(true);
            // the server says the same; asked here first so the approver fixes it without a round trip
            if (!missing) decide.mutate();
          }}
        >
          Confirm {rejecting ? 'rejection' : 'approval'}
        </Button>
      </Flex>
    </Card>
  );
}

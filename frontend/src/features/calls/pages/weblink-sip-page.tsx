import { CheckCircleFilled, PhoneOutlined, SettingOutlined } from '@ant-design/icons';
import { Alert, Badge, Button, Card, Empty, Flex, Form, Input, Tag, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { callDuration, formatPhone } from '@/components/call-button';
import { FormPage } from '@/components/form-page';
import { formatTime } from '@/lib/format';
import { RealtimeConnection, realtimeUrl, type RealtimeMessage, type RealtimeStatus } from '@/lib/realtime';
import { useSession } from '@/lib/session';
import './weblink-sip.css';

const STORE = 'crm-sip-device';
const DOMAIN_RULE = /^[A-Za-z0-9.-]{1,253}$/;
const DOMAIN_MESSAGE = 'A SIP domain is letters, digits, dots and dashes, e.g. pbx.example.co.id';

interface Device {
  deviceId: string;
  domain: string;
}

interface Call {
  callId: string;
  phone: string;
  name: string;
  project: string | null;
  receivedAt: number;
  state: 'ringing' | 'active' | 'ending' | 'recorded';
  startedAt?: number;
  durationSeconds?: number;
  recordedOnLead?: boolean;
}

function savedDevice(): Device | null {
  try {
    const saved = JSON.parse(localStorage.getItem(STORE) ?? 'null') as Device | null;
    return saved && typeof saved.deviceId === 'string' && DOMAIN_RULE.test(saved.domain) ? saved : null;
  } catch {
    return null;
  }
}

function newDeviceId(): string {
  return `web-${crypto.randomUUID().replace(/-/g, '').slice(0, 16)}`;
}

/** Seconds since `since`, moving on every second while a call is active. */
function useElapsed(since: number | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (since === undefined) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [since]);
  return since === undefined ? 0 : Math.max(0, Math.floor((now - since) / 1000));
}

function CallCard({ call, domain, onStart, onEnd }: { call: Call; domain: string; onStart: () => void; onEnd: () => void }) {
  const elapsed = useElapsed(call.state === 'active' ? call.startedAt : undefined);
  const digits = call.phone.replace(/\D/g, '');
  return (
    <Card size="small" className={`sip-call sip-call--${call.state}`}>
      <Flex justify="space-between" align="start" gap={8} wrap>
        <div>
          <Typography.Text strong className="sip-call__name">
            {call.name}
          </Typography.Text>
          <div className="sip-call__phone">{formatPhone(call.phone)}</div>
          {call.project && <Typography.Text type="secondary">{call.project}</Typography.Text>}
        </div>
        <Typography.Text type="secondary" className="sip-call__time">
          {formatTime(call.receivedAt)}
        </Typography.Text>
      </Flex>
      {call.state === 'ringing' && (
        <Flex gap={8} wrap className="sip-call__actions">
          <Button type="primary" icon={<PhoneOutlined />} href={`tel:+${digits}`} onClick={onStart}>
            Call
          </Button>
          <Button href={`sip:+${digits}@${domain}`} onClick={onStart}>
            Call with SIP
          </Button>
          <Button onClick={onEnd}>Not answered</Button>
        </Flex>
      )}
      {call.state === 'active' && (
        <Flex gap={12} align="center" wrap className="sip-call__actions">
          <Tag color="processing">
            <Badge status="processing" /> On the call · {callDuration(elapsed)}
          </Tag>
          <Button danger onClick={onEnd}>
            End call
          </Button>
        </Flex>
      )}
      {call.state === 'ending' && <Typography.Text type="secondary">Recording the call…</Typography.Text>}
      {call.state === 'recorded' && (
        <Typography.Text type="success" className="sip-call__done">
          <CheckCircleFilled />{' '}
          {call.durationSeconds ? `Call ended after ${callDuration(call.durationSeconds)}` : 'Not answered'}
          {call.recordedOnLead ? ', recorded on the lead.' : '.'}
        </Typography.Text>
      )}
    </Card>
  );
}

const STATUS_TEXT: Record<RealtimeStatus, string> = {
  off: 'Not registered',
  connecting: 'Connecting…',
  open: 'Registered',
  closed: 'Reconnecting…',
};

/**
 * /weblink/sip (spec 1 §4 Call telephony): this browser (on the user's phone, or beside their softphone) registers
 * as one of their call devices. A number they tap Call on in the CRM rings here: Call opens the phone's dialer
 * (tel:) or the SIP app (sip:), and the page reports the call's start and end, which the CRM records on the lead.
 */
export function WeblinkSipPage() {
  const { user } = useSession();
  const [device, setDevice] = useState<Device | null>(savedDevice);
  const [status, setStatus] = useState<RealtimeStatus>('off');
  const [calls, setCalls] = useState<Call[]>([]);
  const [refused, setRefused] = useState<string | null>(null);
  const pending = useRef(calls);
  useEffect(() => {
    pending.current = calls;
  }, [calls]);

  const connection = useMemo(() => {
    if (!device || !user) return null;
    return new RealtimeConnection({
      url: () =>
        realtimeUrl({ device_id: device.deviceId, user_id: String(user.id), username: user.username, domain: device.domain }),
      login: { device: true },
      report: (next) => next.status && setStatus(next.status),
    });
  }, [device, user]);

  useEffect(() => {
    if (!connection) return;
    const update = (callId: unknown, change: Partial<Call>) =>
      setCalls((all) => all.map((c) => (c.callId === callId ? { ...c, ...change } : c)));
    const offs = [
      connection.on('dial', (m: RealtimeMessage) =>
        setCalls((all) => [
          {
            callId: String(m.callId),
            phone: String(m.phone),
            name: String(m.name),
            project: typeof m.project === 'string' ? m.project : null,
            receivedAt: Date.now(),
            state: 'ringing',
          },
          ...all.filter((c) => c.callId !== m.callId),
        ]),
      ),
      connection.on('callStarted', (m) => update(m.callId, { state: 'active', startedAt: Date.now() })),
      connection.on('callRecorded', (m) =>
        update(m.callId, { state: 'recorded', durationSeconds: Number(m.durationSeconds) || 0, recordedOnLead: Boolean(m.activityId) }),
      ),
      connection.on('error', (m) => {
        if (!m.callId) setRefused(String(m.message));
      }),
      connection.on('ready', () => {
        setRefused(null);
        // ends reported just before a lost connection are reported again (the server records a call once)
        pending.current
          .filter((c) => c.state === 'ending')
          .forEach((c) => connection.send({ event: 'callEnded', callId: c.callId }));
      }),
    ];
    connection.start();
    return () => {
      offs.forEach((off) => off());
      connection.stop();
    };
  }, [connection]);

  const register = ({ domain }: { domain: string }) => {
    const next = { deviceId: device?.deviceId ?? newDeviceId(), domain: domain.trim() };
    localStorage.setItem(STORE, JSON.stringify(next));
    setDevice(next);
  };
  const unregister = () => {
    localStorage.removeItem(STORE);
    setDevice(null);
    setStatus('off');
    setCalls([]);
  };

  return (
    <FormPage
      title="Web Link SIP"
      subtitle="Register this browser as your call device: a number you tap Call on in the CRM rings here."
      width="narrow"
    >
      {!device ? (
        <Card variant="borderless" title={<><SettingOutlined /> Register this device</>}>
          <Form layout="vertical" requiredMark={false} onFinish={register}>
            <Form.Item
              name="domain"
              label="SIP domain"
              extra="The domain of your company's phone system: SIP calls go to number@domain."
              rules={[
                { required: true, whitespace: true, message: 'SIP domain is required' },
                { pattern: DOMAIN_RULE, message: DOMAIN_MESSAGE },
              ]}
            >
              <Input placeholder="pbx.example.co.id" autoComplete="off" inputMode="url" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block>
              Register device
            </Button>
          </Form>
        </Card>
      ) : (
        <Flex vertical gap={16}>
          <Card variant="borderless" size="small" className="sip-device">
            <Flex justify="space-between" align="center" gap={8} wrap>
              <div className="sip-device__who">
                <Badge status={status === 'open' ? 'success' : status === 'off' ? 'default' : 'processing'} />{' '}
                <Typography.Text strong>{STATUS_TEXT[status]}</Typography.Text>
                <div>
                  <Typography.Text type="secondary">
                    {user?.username}@{device.domain}
                  </Typography.Text>
                </div>
                <div>
                  <Typography.Text type="secondary" className="sip-device__id">
                    Device {device.deviceId}
                  </Typography.Text>
                </div>
              </div>
              <Button onClick={unregister}>Unregister</Button>
            </Flex>
          </Card>
          {refused && <Alert type="error" showIcon title="This device was refused" description={refused} />}
          <Typography.Title level={5} className="sip-calls__title">
            Calls to place
          </Typography.Title>
          {calls.length === 0 ? (
            <Empty description="No calls yet. Tap Call on a person in charge or a contact in the CRM." />
          ) : (
            calls.map((call) => (
              <CallCard
                key={call.callId}
                call={call}
                domain={device.domain}
                onStart={() => connection?.send({ event: 'callStarted', callId: call.callId })}
                onEnd={() => {
                  setCalls((all) => all.map((c) => (c.callId === call.callId ? { ...c, state: 'ending' } : c)));
                  connection?.send({ event: 'callEnded', callId: call.callId });
                }}
              />
            ))
          )}
        </Flex>
      )}
    </FormPage>
  );
}

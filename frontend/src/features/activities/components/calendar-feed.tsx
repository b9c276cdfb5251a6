import { LinkOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Collapse, Flex, Input, Modal, Skeleton, Space, Switch, Typography } from 'antd';
import { useState } from 'react';
import { showConfirm, toast } from '@/components/dialogs';
import { errorMessage } from '@/lib/api/errors';
import { formatDateTime } from '@/lib/format';
import { activityKeys } from '../api/keys';
import {
  calendarFeedQueryOptions,
  changeCalendarFeed,
  makeCalendarFeed,
  turnOffCalendarFeed,
} from '../api/schedule-api';
import type { CalendarFeed } from '../api/types';

export const FEED_TITLE = 'Subscribe from your calendar';
export const FEED_SHOWN_ONCE =
  'Copy it now: it is shown only once. Keep it private: whoever has it sees your plans. You can make a new one at any time (this one then stops working).';

/** Where each calendar app takes a subscription address. */
const HOW_TO = [
  { key: 'google', label: 'Google Calendar', text: 'Other calendars → + → From URL, paste the address, Add calendar.' },
  { key: 'outlook', label: 'Outlook', text: 'Add calendar → Subscribe from web, paste the address, Import.' },
  { key: 'apple', label: 'Apple Calendar', text: 'File → New Calendar Subscription…, paste the address, Subscribe.' },
];

/** The address of a subscription just made: the one time it is shown. */
function NewAddress({ url }: { url: string }) {
  return (
    <Flex vertical gap={12} data-testid="calendar-feed-address">
      <Alert type="warning" showIcon title={FEED_SHOWN_ONCE} />
      <Space.Compact style={{ width: '100%' }}>
        <Input readOnly value={url} aria-label="Calendar address" onFocus={(e) => e.target.select()} />
        <Button
          type="primary"
          onClick={() => {
            void navigator.clipboard?.writeText(url).then(
              () => toast.success('Address copied.'),
              () => toast.error('The address could not be copied: select it and copy it.'),
            );
          }}
        >
          Copy
        </Button>
      </Space.Compact>
      <Collapse size="small" items={HOW_TO.map((h) => ({ key: h.key, label: h.label, children: h.text }))} />
    </Flex>
  );
}

function FeedState({ feed, onChanged }: { feed: CalendarFeed; onChanged: () => void }) {
  return (
    <Flex vertical gap={4}>
      <Typography.Text>
        Your private calendar address is on since {feed.createdAt ? formatDateTime(feed.createdAt) : '-'}.
      </Typography.Text>
      <Typography.Text type="secondary">
        {feed.readAt ? `A calendar last read it on ${formatDateTime(feed.readAt)}.` : 'No calendar has read it yet.'}
      </Typography.Text>
      {feed.canIncludeTeam && (
        <Space style={{ marginTop: 8 }}>
          <Switch
            checked={feed.includeTeam}
            aria-label="Include my team's plans"
            onChange={(on) => {
              void changeCalendarFeed(on).then(onChanged, (error) => toast.error(errorMessage(error, 'Not changed.')));
            }}
          />
          <Typography.Text>Include my team&apos;s plans</Typography.Text>
        </Space>
      )}
    </Flex>
  );
}

/**
 * "Subscribe": a private calendar address (iCalendar) that Google Calendar, Outlook or Apple Calendar fetch every few
 * hours, so plans made and moved here show on a phone's calendar. Made, replaced or turned off here; shown once.
 */
export function CalendarFeedButton() {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [includeTeam, setIncludeTeam] = useState(false);
  const [url, setUrl] = useState<string | null>(null);
  const feed = useQuery({ ...calendarFeedQueryOptions(), enabled: open });
  const refresh = () => queryClient.invalidateQueries({ queryKey: activityKeys.calendarFeed });
  const make = useMutation({
    mutationFn: () => makeCalendarFeed(includeTeam || Boolean(feed.data?.includeTeam)),
    onSuccess: (saved) => {
      setUrl(saved.url);
      void refresh();
    },
    onError: (error) => toast.error(errorMessage(error, 'The address could not be made.')),
  });
  const close = () => {
    setOpen(false);
    setUrl(null);
  };
  const replace = () =>
    showConfirm({
      title: 'Make a new address?',
      content: 'Calendars subscribed to the current address stop getting your plans until you give them the new one.',
      okText: 'Make a new address',
      onOk: () => make.mutateAsync(),
    });
  const turnOff = () =>
    showConfirm({
      title: 'Turn the calendar address off?',
      content: 'Calendars subscribed to it stop getting your plans.',
      okText: 'Turn off',
      danger: true,
      onOk: async () => {
        await turnOffCalendarFeed();
        setUrl(null);
        await refresh();
        toast.success('The calendar address is off.');
      },
    });

  const data = feed.data;
  return (
    <>
      <Button icon={<LinkOutlined />} onClick={() => setOpen(true)}>
        Subscribe
      </Button>
      <Modal
        open={open}
        title={FEED_TITLE}
        onCancel={close}
        destroyOnHidden
        footer={
          data?.active && !url
            ? [
                <Button key="off" danger onClick={() => void turnOff()}>
                  Turn off
                </Button>,
                <Button key="new" onClick={() => void replace()} loading={make.isPending}>
                  Make a new address
                </Button>,
                <Button key="done" type="primary" onClick={close}>
                  Done
                </Button>,
              ]
            : [
                <Button key="done" onClick={close}>
                  {url ? 'Done' : 'Cancel'}
                </Button>,
                !url && (
                  <Button key="make" type="primary" loading={make.isPending} onClick={() => make.mutate()}>
                    Create address
                  </Button>
                ),
              ]
        }
      >
        <Typography.Paragraph type="secondary">
          Your plans in Google Calendar, Outlook or Apple Calendar: they subscribe to a private address and fetch your
          meetings, presentations and demos every few hours, with the client, the place and the lead.
        </Typography.Paragraph>
        {feed.isPending ? (
          <Skeleton active paragraph={{ rows: 2 }} />
        ) : feed.isError ? (
          <Alert type="error" showIcon title={errorMessage(feed.error, 'The calendar address could not be read.')} />
        ) : url ? (
          <NewAddress url={url} />
        ) : data?.active ? (
          <FeedState feed={data} onChanged={() => void refresh()} />
        ) : (
          data?.canIncludeTeam && (
            <Checkbox checked={includeTeam} onChange={(e) => setIncludeTeam(e.target.checked)}>
              Include my team&apos;s plans
            </Checkbox>
          )
        )}
      </Modal>
    </>
  );
}

import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Drawer, Empty, Grid, Skeleton, Timeline, Typography } from 'antd';
import { errorMessage } from '@/lib/api/errors';
import { formatDate, formatDateTime, formatIDR } from '@/lib/format';
import { billingHistoryQueryOptions, type StatusOption } from '../api/billing-api';
import { StatusTag } from './status-tag';

/** A billing row and every move of its payment status, newest first: who, when, from what, and why. */
export function HistoryDrawer({
  billingId,
  statuses,
  onClose,
}: {
  billingId: number | null;
  statuses: StatusOption[] | undefined;
  onClose: () => void;
}) {
  const phone = Grid.useBreakpoint().sm === false;
  const history = useQuery({ ...billingHistoryQueryOptions(billingId ?? 0), enabled: billingId !== null });
  const data = history.data;
  return (
    <Drawer
      open={billingId !== null}
      onClose={onClose}
      title="Billing history"
      size={phone ? '100%' : 480}
      destroyOnHidden
    >
      {history.isError ? (
        <Alert type="error" showIcon title={errorMessage(history.error)} />
      ) : !data ? (
        <Skeleton active />
      ) : (
        <>
          <Descriptions
            column={1}
            size="small"
            className="billing-history__row"
            items={[
              { key: 'project', label: 'Project', children: data.row.projectName },
              { key: 'client', label: 'Client', children: data.row.clientName },
              { key: 'billing', label: 'Billing', children: `${data.row.itemName} – ${data.row.description}` },
              { key: 'schedule', label: 'Schedule', children: formatDate(data.row.schedule) },
              { key: 'amount', label: 'Amount', children: formatIDR(data.row.amount) },
              {
                key: 'status',
                label: 'Status',
                children: <StatusTag status={data.row.paymentStatus} statuses={statuses} />,
              },
            ]}
          />
          <Typography.Title level={5}>Status moves</Typography.Title>
          {data.entries.length === 0 ? (
            <Empty description="Not moved yet" image={Empty.PRESENTED_IMAGE_SIMPLE} />
          ) : (
            <Timeline
              className="billing-history__moves"
              items={data.entries.map((e) => ({
                key: e.id,
                color: e.stepBack ? 'red' : 'blue',
                content: (
                  <div className="billing-history__entry">
                    <Typography.Text strong>
                      {e.stepBack ? 'Moved back to ' : ''}
                      {e.toLabel}
                    </Typography.Text>
                    <Typography.Text type="secondary"> from {e.fromLabel}</Typography.Text>
                    <div>
                      <Typography.Text type="secondary">
                        {e.actorName ?? 'System'} · {formatDateTime(e.at)}
                      </Typography.Text>
                    </div>
                    {e.note && <Typography.Paragraph className="billing-history__note">{e.note}</Typography.Paragraph>}
                  </div>
                ),
              }))}
            />
          )}
        </>
      )}
    </Drawer>
  );
}

import { ArrowLeftOutlined, EditOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Result, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { Page, systemCrumbs } from '@/components/page';
import { errorMessage, OOPS } from '@/lib/api/errors';
import { formatDateTime, formatIDR } from '@/lib/format';
import { usePageAccess } from '@/lib/session';
import {
  NO_ACCESS_TEXT,
  personTargetQueryOptions,
  SALES_TARGET_PAGE,
  SALES_TARGET_PATH,
  SALES_TARGET_TITLE,
  yearOf,
} from '../api/targets-api';
import { TargetDialog } from '../components/target-dialog';
import { TargetHistory } from '../components/target-history';
import { YearPicker } from '../components/year-picker';
import '../components/sales-targets.css';

/**
 * /system/sales-target/{id}?year=...: one sales person's target for a year (the id is the sales person's, so a
 * person without a target yet opens too), top management's button to set or change it, and the year's changes as a
 * timeline.
 */
export function SalesTargetDetailPage() {
  const { id } = useParams();
  const salesPersonId = Number(id);
  const [searchParams, setSearchParams] = useSearchParams();
  const year = yearOf(searchParams.get('year'));
  const access = usePageAccess(SALES_TARGET_PAGE);
  const navigate = useNavigate();
  const valid = Number.isInteger(salesPersonId) && salesPersonId > 0;
  const detail = useQuery({ ...personTargetQueryOptions(salesPersonId, year), enabled: access.isRead && valid });
  const [editing, setEditing] = useState(false);
  const target = detail.data;
  const listPath = `${SALES_TARGET_PATH}?year=${year}`;
  const setYear = (next: number) =>
    setSearchParams((current) => {
      const params = new URLSearchParams(current);
      params.set('year', String(next));
      return params;
    });

  const body = !access.isRead ? (
    <Alert type="info" showIcon title={NO_ACCESS_TEXT} />
  ) : !valid || detail.isError ? (
    <Card variant="borderless" className="page-card">
      <Result
        status="warning"
        title="Error loading data"
        subTitle={valid ? errorMessage(detail.error, OOPS) : 'Sales person not found.'}
        extra={<Button onClick={() => navigate(listPath)}>Back to {SALES_TARGET_TITLE}</Button>}
      />
    </Card>
  ) : !target ? (
    <Card variant="borderless" className="page-card">
      <Skeleton active paragraph={{ rows: 6 }} />
    </Card>
  ) : (
    <div className="sales-target-detail">
      <Card variant="borderless" className="page-card target-year">
        <div className="target-year__figure">
          <Typography.Text type="secondary" className="target-year__label">
            Target {target.year}
          </Typography.Text>
          <div className="target-year__amount" data-testid="target-amount">
            {target.id === null ? 'Not set' : formatIDR(target.amount)}
          </div>
          {target.id === null ? (
            <Typography.Text type="secondary">No target has been set for {target.year} yet.</Typography.Text>
          ) : (
            <Typography.Text type="secondary" className="target-year__changed">
              Last changed {formatDateTime(target.updatedAt)}
              {target.updatedByName && ` by ${target.updatedByName}`}
            </Typography.Text>
          )}
        </div>
        {access.isEdit && (
          <Button type="primary" icon={<EditOutlined />} onClick={() => setEditing(true)}>
            {target.id === null ? 'Set target' : 'Change target'}
          </Button>
        )}
        <Descriptions
          className="target-year__who"
          size="small"
          column={{ xs: 1, sm: 2 }}
          items={[
            { key: 'nickname', label: 'Nickname', children: target.nickname || '-' },
            { key: 'leader', label: 'Team leader', children: target.leaderName ?? 'No team leader' },
          ]}
        />
      </Card>
      <Card variant="borderless" className="page-card" title={`Changes in ${target.year}`}>
        <TargetHistory history={target.history} />
      </Card>
    </div>
  );

  return (
    <Page
      breadcrumb={systemCrumbs(SALES_TARGET_TITLE, listPath, target?.fullname ?? 'Detail')}
      title={target?.fullname ?? SALES_TARGET_TITLE}
      subtitle={
        target ? (target.leaderName ? `Team of ${target.leaderName}` : 'No team leader') : 'A sales person’s target'
      }
      actions={
        <>
          {access.isRead && valid && <YearPicker value={year} onChange={setYear} />}
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(listPath)}>
            Back
          </Button>
        </>
      }
      width="form"
    >
      {body}
      {target && editing && <TargetDialog row={target} onClose={() => setEditing(false)} />}
    </Page>
  );
}

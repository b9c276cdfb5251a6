import { BarChartOutlined } from '@ant-design/icons';
import { Button, Card, Result } from 'antd';
import { Navigate, useNavigate } from 'react-router';
import { usePageAccess } from '@/lib/session';

/** Whether the page flags open the dashboard: all four must be granted (spec 2 §2.6). */
export function hasFullDashboardAccess(flags: {
  isRead: boolean;
  isWrite: boolean;
  isEdit: boolean;
  isDelete: boolean;
}): boolean {
  return flags.isRead && flags.isWrite && flags.isEdit && flags.isDelete;
}

/** "/": the performance dashboard arrives in a later issue; users without full access go to /welcome. */
export function DashboardPage() {
  const flags = usePageAccess('dashboard');
  const navigate = useNavigate();
  if (!hasFullDashboardAccess(flags)) return <Navigate to="/welcome" replace />;

  return (
    <div className="page">
      <Card variant="borderless" className="page-card">
        <Result
          icon={<BarChartOutlined style={{ color: 'var(--ant-color-primary)' }} />}
          title="Dashboard"
          subTitle="The performance dashboard is being prepared. Gross profit, pipeline stages and team targets will appear here in a coming release."
          extra={
            <Button type="primary" onClick={() => navigate('/welcome')}>
              Open the welcome page
            </Button>
          }
        />
      </Card>
    </div>
  );
}

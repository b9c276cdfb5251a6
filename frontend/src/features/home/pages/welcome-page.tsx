import { ArrowRightOutlined, CalendarOutlined, FundOutlined, InboxOutlined } from '@ant-design/icons';
import { Card, Col, Row, Typography } from 'antd';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { formatDate } from '@/lib/format';
import { greeting } from '@/lib/greeting';
import { isRouteAllowed } from '@/lib/route-access';
import { useSession } from '@/lib/session';


const SHORTCUTS = [
  { to: '/leads', icon: <FundOutlined />, title: 'Leads', text: 'Follow up your pipeline from E1 to closing.' },
  {
    to: '/activity-schedule',
    icon: <CalendarOutlined />,
    title: 'Activity schedule',
    text: 'Plan meetings, presentations and demos.',
  },
  { to: '/user/inbox', icon: <InboxOutlined />, title: 'Inbox', text: 'Catch up on approvals and updates.' },
];

/** /welcome: a greeting and a nudge to get going. */
export function WelcomePage() {
  const { user, routes, allRoutes } = useSession();
  const now = dayjs();
  const name = user?.nickname || user?.fullname?.split(' ')[0] || 'there';
  const shortcuts = SHORTCUTS.filter((s) => isRouteAllowed(s.to, routes, allRoutes));

  return (
    <div className="page welcome-page">
      <section className="welcome-hero">
        <Typography.Text className="welcome-hero__date">{formatDate(new Date())}</Typography.Text>
        <Typography.Title level={2} className="welcome-hero__title">
          {greeting(now.hour())}, {name}!
        </Typography.Title>
        <Typography.Paragraph className="welcome-hero__text">
          Small steps every day move deals forward. Review your leads, log today&apos;s activities and
          keep your pipeline moving — your team is counting on it.
        </Typography.Paragraph>
      </section>
      {shortcuts.length > 0 && (
        <Row gutter={[16, 16]}>
          {shortcuts.map((s) => (
            <Col xs={24} md={8} key={s.to}>
              <Link to={s.to}>
                <Card hoverable variant="borderless" className="shortcut-card">
                  <span className="shortcut-card__icon">{s.icon}</span>
                  <Typography.Title level={5} style={{ marginTop: 12 }}>
                    {s.title}
                  </Typography.Title>
                  <Typography.Text type="secondary">{s.text}</Typography.Text>
                  <ArrowRightOutlined className="shortcut-card__arrow" />
                </Card>
              </Link>
            </Col>
          ))}
        </Row>
      )}
    </div>
  );
}

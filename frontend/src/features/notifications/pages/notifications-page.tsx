import { Card } from 'antd';
import { Page } from '@/components/page';
import { NotificationList } from '../components/notification-list';
import '../components/notifications.css';

/** /notifications: the bell's list as a page, where the phone's bottom bar leads (spec 1 §2.2); the inbox has all. */
export function NotificationsPage() {
  return (
    <Page width="narrow" title="Notifications" subtitle="The latest approvals waiting for you and updates on your work.">
      <Card variant="borderless" className="notifications-card">
        <NotificationList active />
      </Card>
    </Page>
  );
}

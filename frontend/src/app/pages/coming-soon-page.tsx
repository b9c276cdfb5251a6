import { ClockCircleOutlined } from '@ant-design/icons';
import { Button, Card, Result } from 'antd';
import { useNavigate } from 'react-router';

export const COMING_SOON_TEXT = 'This screen is coming in a later release';

/** The one stand-in for every screen of the route table that a later issue builds. */
export function ComingSoonPage({ title }: { title: string }) {
  const navigate = useNavigate();
  return (
    <Card variant="borderless" className="page-card">
      <Result
        icon={<ClockCircleOutlined style={{ color: 'var(--ant-color-primary)' }} />}
        title={title}
        subTitle={`${COMING_SOON_TEXT}.`}
        extra={
          <Button onClick={() => navigate(-1)} type="default">
            Go Back
          </Button>
        }
      />
    </Card>
  );
}

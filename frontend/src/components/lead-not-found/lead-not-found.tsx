import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';

/** A lead that does not exist or is not visible to this user, on any of the lead's screens. */
export function LeadNotFound() {
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title="Lead not found"
      subTitle="This lead does not exist or is not visible to you."
      extra={<Button onClick={() => navigate('/leads')}>Back to Leads</Button>}
    />
  );
}

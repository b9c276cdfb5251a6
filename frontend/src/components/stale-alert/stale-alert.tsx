import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import { errorMessage } from '@/lib/api/errors';

interface StaleAlertProps {
  /** The refusal (409 StaleVersion, `isStale`): its message says what changed and what to do. */
  error: unknown;
  /** Bring the record as it is now; the form starts again from it (the changes made here are dropped). */
  onReload: () => void;
  reloading?: boolean;
}

/** A save refused because someone else changed the record since the form opened it: the server's message and
 *  Reload. Nothing was overwritten. */
export function StaleAlert({ error, onReload, reloading }: StaleAlertProps) {
  return (
    <Alert
      type="warning"
      showIcon
      className="form-alert stale-alert"
      title="Not saved: someone else changed it"
      description={errorMessage(error)}
      action={
        <Button size="small" icon={<ReloadOutlined />} loading={reloading} onClick={onReload}>
          Reload
        </Button>
      }
    />
  );
}

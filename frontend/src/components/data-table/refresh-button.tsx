import { ReloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';

/** The Refresh button of a list's toolbar: reloads the list (by invalidating its queries). */
export function RefreshButton({ onRefresh, loading }: { onRefresh: () => unknown; loading?: boolean }) {
  return (
    <Button icon={<ReloadOutlined />} loading={loading} onClick={() => void onRefresh()}>
      Refresh
    </Button>
  );
}

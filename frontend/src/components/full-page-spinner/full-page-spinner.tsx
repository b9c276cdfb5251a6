import { Spin } from 'antd';

export function FullPageSpinner({ tip = 'Loading…' }: { tip?: string }) {
  return (
    <div className="center-page" role="status" aria-live="polite">
      <Spin size="large" description={tip}>
        <div style={{ width: 160, height: 80 }} />
      </Spin>
    </div>
  );
}

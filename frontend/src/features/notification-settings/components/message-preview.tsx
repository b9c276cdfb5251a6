import { LoadingOutlined } from '@ant-design/icons';
import { Alert, Typography } from 'antd';
import { kindLook } from '@/components/notification-kind/notification-kind';
import type { Setting } from '../api/settings-api';
import type { TemplatePreview } from './use-template-preview';
import './notification-settings.css';

/**
 * The message as people get it, rendered by the server with the action's sample values and shown as an unread
 * notification of the bell; or the server's reasons when it refuses the template.
 */
export function MessagePreview({ setting, preview }: { setting: Setting; preview: TemplatePreview }) {
  const look = kindLook(setting.kind);
  return (
    <div className="setting-preview" aria-live="polite" aria-busy={preview.updating}>
      <Typography.Text type="secondary" className="setting-preview__label">
        Preview {preview.updating && <LoadingOutlined aria-label="Updating the preview" />}
      </Typography.Text>
      {preview.refused ? (
        <Alert
          type="error"
          showIcon
          className="setting-preview__refused"
          title="This template cannot be used"
          description={
            <ul className="setting-messages">
              {preview.refused.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          }
        />
      ) : preview.failed ? (
        <Alert type="warning" showIcon title="The preview could not be loaded." description={preview.failed} />
      ) : (
        <div
          className={`notification-item is-unread setting-preview__item${preview.updating ? ' is-updating' : ''}`}
          data-testid="message-preview"
        >
          <span className={`notification-item__icon notification-kind--${look.tone}`} aria-hidden>
            {look.icon}
          </span>
          <span className="notification-item__body">
            <Typography.Paragraph className="notification-item__message" style={{ marginBottom: 2 }}>
              {preview.message ?? ' '}
            </Typography.Paragraph>
            <Typography.Text type="secondary" className="notification-item__meta">
              With sample values · Just now
            </Typography.Text>
          </span>
          <span className="notification-item__dot" />
        </div>
      )}
    </div>
  );
}

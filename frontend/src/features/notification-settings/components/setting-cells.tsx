import { EditOutlined, EyeOutlined } from '@ant-design/icons';
import { Button, Flex, Tag, Typography } from 'antd';
import { formatDateTime } from '@/lib/format';
import type { Setting } from '../api/settings-api';
import { CHANNEL_LABELS, leadTimeText, recipientLines } from '../lib/describe';
import './notification-settings.css';

/** The action's label with its description beneath. */
export function ActionCell({ setting }: { setting: Setting }) {
  return (
    <div className="setting-cell">
      <Typography.Text strong>{setting.label}</Typography.Text>
      <Typography.Text type="secondary" className="setting-cell__line">
        {setting.description}
      </Typography.Text>
    </div>
  );
}

/** A tag per channel, or a grey 'Off' when the action sends nothing. */
export function ChannelTags({ setting }: { setting: Setting }) {
  if (setting.channel.length === 0) {
    return (
      <Tag className="setting-channels__off" title="Nothing is sent for this action.">
        Off
      </Tag>
    );
  }
  return (
    <Flex wrap gap={4} className="setting-channels">
      {setting.channel.map((c) => (
        <Tag key={c} color={c === 'EMAIL' ? 'purple' : 'blue'} style={{ marginInlineEnd: 0 }}>
          {CHANNEL_LABELS[c]}
        </Tag>
      ))}
    </Flex>
  );
}

/** Who receives it: each recipient's label for this action, the named users by name. */
export function RecipientList({ setting }: { setting: Setting }) {
  const lines = recipientLines(setting);
  if (lines.length === 0) return <Typography.Text type="secondary">Nobody</Typography.Text>;
  return (
    <ul className="setting-recipients">
      {lines.map((line) => (
        <li key={line.code}>
          {line.label}
          {line.names && line.names.length > 0 && (
            <span className="setting-recipients__names">: {line.names.join(', ')}</span>
          )}
        </li>
      ))}
    </ul>
  );
}

export function MessageCell({ setting }: { setting: Setting }) {
  return setting.preview ? (
    <Typography.Paragraph className="setting-message" ellipsis={{ rows: 3, tooltip: setting.preview }}>
      {setting.preview}
    </Typography.Paragraph>
  ) : (
    <Typography.Text type="secondary">-</Typography.Text>
  );
}

export function LeadTimeCell({ setting }: { setting: Setting }) {
  const text = leadTimeText(setting);
  return text ? <span>{text}</span> : <Typography.Text type="secondary">-</Typography.Text>;
}

/** When it last changed and by whom (a setting nobody changed yet keeps its defaults). */
export function LastChanged({ setting }: { setting: Setting }) {
  return (
    <div className="setting-cell">
      <span>{formatDateTime(setting.updatedAt)}</span>
      <Typography.Text type="secondary" className="setting-cell__line">
        {setting.updatedBy ? `by ${setting.updatedBy}` : 'Default setting'}
      </Typography.Text>
    </div>
  );
}

/** Edit with edit access, View otherwise. */
export function OpenButton({ setting, canEdit, onOpen }: { setting: Setting; canEdit: boolean; onOpen: () => void }) {
  return (
    <Button
      size="small"
      icon={canEdit ? <EditOutlined /> : <EyeOutlined />}
      aria-label={`${canEdit ? 'Edit' : 'View'} ${setting.label}`}
      onClick={(event) => {
        event.stopPropagation();
        onOpen();
      }}
    >
      {canEdit ? 'Edit' : 'View'}
    </Button>
  );
}

/** A phone's row: the whole setting in one block, nothing scrolling sideways. */
export function SettingCard({ setting, canEdit, onOpen }: { setting: Setting; canEdit: boolean; onOpen: () => void }) {
  const lead = leadTimeText(setting);
  return (
    <div className="setting-card">
      <Flex justify="space-between" align="flex-start" gap={8}>
        <ActionCell setting={setting} />
        <OpenButton setting={setting} canEdit={canEdit} onOpen={onOpen} />
      </Flex>
      <Flex wrap gap={8} align="center">
        <ChannelTags setting={setting} />
        {lead && <Typography.Text className="setting-card__lead">{lead}</Typography.Text>}
      </Flex>
      <RecipientList setting={setting} />
      {setting.preview && (
        <Typography.Paragraph className="setting-card__message">{setting.preview}</Typography.Paragraph>
      )}
      <Typography.Text type="secondary" className="setting-card__changed">
        {formatDateTime(setting.updatedAt)}
        {setting.updatedBy ? ` by ${setting.updatedBy}` : ' · Default setting'}
      </Typography.Text>
    </div>
  );
}

import { CalendarOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Form, Input, Select, Tag, Typography } from 'antd';
import { DateTimeField, futureRule } from '@/components/date-time-field';
import dayjs from 'dayjs';
import { formatDateTime } from '@/lib/format';
import { leadPlansQueryOptions } from '../api/activities-api';
import { ACTIVITY_TYPES } from '../lib/activity-types';

// spec 2 §5
export const ACTIVITY_REQUIRED = 'Please choose activity value/label';
export const TIME_REQUIRED = 'Please choose date and time';
export const TIME_PAST = 'Please choose a date and time in the future';
const MAX_STEPS = 10;

export interface NextStepValue {
  activity?: number;
  dateAndTime?: dayjs.Dayjs;
  remark?: string;
}

/** The lead's plans still to come (read-only: the schedule page edits them). */
function LeadPlans({ leadId }: { leadId: number }) {
  const plans = useQuery(leadPlansQueryOptions(leadId));
  if (!plans.data || plans.data.length === 0) return null;
  return (
    <div className="activity-plans" aria-label="Planned activities">
      <Typography.Text type="secondary" className="activity-plans__title">
        Already planned
      </Typography.Text>
      {plans.data.map((p) => (
        <div key={p.id} className="activity-plan">
          <CalendarOutlined />
          <div className="activity-plan__text">
            <div>
              <Tag color="blue">{p.media}</Tag>
              <Typography.Text>{formatDateTime(p.scheduleTime)}</Typography.Text>
            </div>
            {p.scheduleNotes && (
              <Typography.Text type="secondary" ellipsis>
                {p.scheduleNotes}
              </Typography.Text>
            )}
          </div>
        </div>
      ))}
    </div>
  );
}

/**
 * The form's next steps (spec 2 §3.4 schedule items), beside the lead's plans: each names its activity and a time
 * to come, with an optional remark. In the first variant one is needed (the list starts with one and keeps it).
 */
export function NextSteps({ leadId, required }: { leadId: number; required: boolean }) {
  return (
    <div className="activity-next-steps">
      <Form.List name="schedule">
        {(fields, { add, remove }) => (
          <>
            {fields.length === 0 && (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No next step planned" className="activity-next-steps__empty" />
            )}
            {fields.map((field, i) => (
              <div key={field.key} className="activity-step" data-testid="next-step">
                <div className="activity-step__head">
                  <Typography.Text strong>Next step {fields.length > 1 ? i + 1 : ''}</Typography.Text>
                  {(!required || fields.length > 1) && (
                    <Button
                      type="text"
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={`Remove next step ${i + 1}`}
                      onClick={() => remove(field.name)}
                    />
                  )}
                </div>
                <Form.Item
                  name={[field.name, 'activity']}
                  label="Activity"
                  rules={[{ required: true, message: ACTIVITY_REQUIRED }]}
                >
                  <Select
                    placeholder="Choose activity"
                    options={ACTIVITY_TYPES.map((t) => ({ value: t.value, label: t.label }))}
                  />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'dateAndTime']}
                  label="Date and time"
                  rules={[
                    { required: true, message: TIME_REQUIRED },
                    futureRule(TIME_PAST),
                  ]}
                >
                  <DateTimeField futureOnly />
                </Form.Item>
                <Form.Item name={[field.name, 'remark']} label="Remark">
                  <Input placeholder="What is planned" maxLength={1024} />
                </Form.Item>
              </div>
            ))}
            <Button
              icon={<PlusOutlined />}
              onClick={() => add({})}
              block
              type="dashed"
              disabled={fields.length >= MAX_STEPS}
            >
              Add schedule
            </Button>
          </>
        )}
      </Form.List>
      <LeadPlans leadId={leadId} />
    </div>
  );
}

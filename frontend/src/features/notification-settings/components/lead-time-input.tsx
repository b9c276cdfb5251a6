import { Button, Flex, InputNumber, Space, Typography } from 'antd';
import type { LeadMinutesRange } from '../api/settings-api';
import { formatMinutes, LEAD_TIME_CHOICES } from '../lib/describe';

interface LeadTimeInputProps {
  /** The lead times the server takes. */
  range: LeadMinutesRange;
  value?: number | null;
  onChange?: (value: number | null) => void;
  disabled?: boolean;
}

/** Minutes before the activity starts, typed or picked from the usual choices. */
export function LeadTimeInput({ range, value, onChange, disabled }: LeadTimeInputProps) {
  const minutes = value ?? null;
  return (
    <Flex vertical gap={8}>
      <Flex wrap gap={8} align="center">
        <Space.Compact className="lead-time__input">
          <InputNumber<number>
            aria-label="Lead time"
            min={range.min}
            max={range.max}
            precision={0}
            value={minutes}
            disabled={disabled}
            onChange={(next) => onChange?.(next ?? null)}
          />
          <Space.Addon>minutes</Space.Addon>
        </Space.Compact>
        {!disabled && (
          <Flex wrap gap={4} role="group" aria-label="Quick choices">
            {LEAD_TIME_CHOICES.map((choice) => (
              <Button
                key={choice.minutes}
                size="small"
                type={minutes === choice.minutes ? 'primary' : 'default'}
                onClick={() => onChange?.(choice.minutes)}
              >
                {choice.label}
              </Button>
            ))}
          </Flex>
        )}
      </Flex>
      {minutes !== null && (
        <Typography.Text type="secondary">{formatMinutes(minutes)} before the activity starts.</Typography.Text>
      )}
    </Flex>
  );
}

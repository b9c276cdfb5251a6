import { FilterOutlined, StopOutlined } from '@ant-design/icons';
import './layer-conditions.css';

/**
 * A layer's conditions as the server writes them ("GP >= 1 B"), marked "Only when": the layer applies to a request
 * only when they all hold. A layer without conditions shows nothing.
 */
export function LayerConditions({ conditions, className }: { conditions: readonly string[] | null | undefined; className?: string }) {
  if (!conditions || conditions.length === 0) return null;
  const text = conditions.join(' and ');
  return (
    <div className={`layer-conditions${className ? ` ${className}` : ''}`} data-testid="layer-conditions" title={`Only when ${text}`}>
      <FilterOutlined className="layer-conditions__icon" aria-hidden />
      <span>
        <span className="layer-conditions__mark">Only when</span> {text}
      </span>
    </div>
  );
}

/** Why a request's route leaves a layer out: "Skipped: GP 800 M < 1 B". */
export function SkippedReason({ reason }: { reason: string | null | undefined }) {
  if (!reason) return null;
  return (
    <div className="layer-skipped" data-testid="layer-skipped">
      <StopOutlined aria-hidden /> Skipped: {reason}
    </div>
  );
}

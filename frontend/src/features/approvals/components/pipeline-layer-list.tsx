import { PlusOutlined, RightOutlined, WarningFilled } from '@ant-design/icons';
import { Button, Typography } from 'antd';
import { LayerConditions, seqLabel } from '@/components/approval-layer';
import { conditionText } from '../lib/conditions';
import { draftDeadlineSummary } from '../lib/deadlines';
import { MODE_LABELS } from '../lib/labels';
import { DeadlineTag } from './pipeline-graph-editor';
import type { DraftLayer } from '../lib/pipeline-rules';

export interface PipelineLayerListProps {
  layers: DraftLayer[];
  selectedKey: string | null;
  invalidKeys: ReadonlySet<string>;
  onSelect: (key: string) => void;
  onAdd: () => void;
  userNames?: ReadonlyMap<number, string>;
}

/**
 * A phone's pipeline designer: the layers as a readable list, top to bottom in the order they decide; a tap opens
 * the layer's edit sheet (its arrows move it up or down), + adds a layer at the end.
 */
export function PipelineLayerList({ layers, selectedKey, invalidKeys, onSelect, onAdd, userNames = new Map() }: PipelineLayerListProps) {
  return (
    <div className="pipeline-layer-list">
      <ol>
        {layers.map((layer, index) => {
          const count = layer.approvers.length;
          const invalid = invalidKeys.has(layer.key);
          return (
            <li key={layer.key}>
              <button
                type="button"
                className={`pipeline-layer-row${layer.key === selectedKey ? ' is-selected' : ''}${invalid ? ' is-invalid' : ''}`}
                aria-label={`Layer ${index + 1}: ${layer.name || 'Unnamed layer'}`}
                data-testid="pipeline-layer-row"
                onClick={() => onSelect(layer.key)}
              >
                <span className="pipeline-layer-row__index">{index + 1}</span>
                <span className="pipeline-layer-row__text">
                  <span className="pipeline-layer-row__seq">{seqLabel(index + 1)}</span>
                  <Typography.Text strong ellipsis>
                    {layer.name || <Typography.Text type="secondary">Unnamed layer</Typography.Text>}
                  </Typography.Text>
                  <span className="pipeline-layer-row__meta">
                    {MODE_LABELS[layer.mode]}
                    {layer.mode === 'SEVERAL_USER' ? ` · min ${layer.minApprovals}` : ''} ·{' '}
                    <Typography.Text type={count === 0 ? 'danger' : 'secondary'}>
                      {count === 0 ? 'No approver yet' : `${count} approver${count === 1 ? '' : 's'}`}
                    </Typography.Text>
                  </span>
                  <LayerConditions conditions={layer.conditions?.map(conditionText)} />
                  {layer.deadline && <DeadlineTag text={draftDeadlineSummary(layer.deadline, userNames)} />}
                </span>
                {invalid && <WarningFilled className="pipeline-layer-row__warning" aria-label="Needs attention" />}
                <RightOutlined className="pipeline-layer-row__chevron" />
              </button>
            </li>
          );
        })}
      </ol>
      <Button block type="dashed" icon={<PlusOutlined />} onClick={onAdd} aria-label="Add layer">
        Add layer
      </Button>
    </div>
  );
}

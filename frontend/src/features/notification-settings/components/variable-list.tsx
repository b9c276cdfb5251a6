import { Tag, Typography } from 'antd';
import type { TemplateVariable } from '../api/settings-api';
import './notification-settings.css';

export const variableToken = (name: string) => `{{ ${name} }}`;

function VariableBody({ variable }: { variable: TemplateVariable }) {
  return (
    <>
      <span className="setting-variable__head">
        <code className="setting-variable__name">{variableToken(variable.name)}</code>
        {variable.optional && <Tag className="setting-variable__optional">may be empty</Tag>}
      </span>
      <span className="setting-variable__description">{variable.description}</span>
      <Typography.Text type="secondary" className="setting-variable__sample">
        e.g. {variable.sample}
      </Typography.Text>
    </>
  );
}

/** The variables a template may use, with what each is and the value the preview uses; a click inserts one. */
export function VariableList({
  variables,
  onInsert,
}: {
  variables: TemplateVariable[];
  /** Without it (read-only) the variables are only listed. */
  onInsert?: (name: string) => void;
}) {
  return (
    <div className="setting-variables">
      <Typography.Text strong>Variables</Typography.Text>
      <Typography.Text type="secondary" className="setting-variables__hint">
        {onInsert ? 'Click one to insert it at the cursor.' : 'What a template may use.'}
      </Typography.Text>
      <ul>
        {variables.map((v) => (
          <li key={v.name}>
            {onInsert ? (
              <button
                type="button"
                className="setting-variable is-button"
                aria-label={`Insert ${variableToken(v.name)}`}
                // keep the template's cursor: the textarea stays focused
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => onInsert(v.name)}
              >
                <VariableBody variable={v} />
              </button>
            ) : (
              <div className="setting-variable">
                <VariableBody variable={v} />
              </div>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

import { Button, Col, Form, Input, Row } from 'antd';
import type { FormInstance } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useRef } from 'react';
import type { Setting } from '../api/settings-api';
import { MessagePreview } from './message-preview';
import type { TemplatePreview } from './use-template-preview';
import { VariableList, variableToken } from './variable-list';
import './notification-settings.css';

interface TemplateEditorProps {
  form: FormInstance;
  setting: Setting;
  preview: TemplatePreview;
  readOnly: boolean;
}

/** The message template (monospace), its variables beside it (below on a phone) and the live preview under it. */
export function TemplateEditor({ form, setting, preview, readOnly }: TemplateEditorProps) {
  const input = useRef<TextAreaRef>(null);
  const template: string = Form.useWatch('messageTemplate', form) ?? '';

  // The variable goes where the cursor is (replacing a selection), and the cursor after it.
  const insert = (name: string) => {
    const area = input.current?.resizableTextArea?.textArea;
    const current: string = form.getFieldValue('messageTemplate') ?? '';
    const start = area?.selectionStart ?? current.length;
    const end = area?.selectionEnd ?? current.length;
    const token = variableToken(name);
    form.setFieldValue('messageTemplate', current.slice(0, start) + token + current.slice(end));
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  return (
    <Row gutter={[24, 16]} className="template-editor">
      <Col xs={24} lg={14}>
        <Form.Item
          name="messageTemplate"
          label="Message template"
          className="template-editor__field"
          extra={
            !readOnly && (
              <Button
                type="link"
                size="small"
                className="template-editor__restore"
                disabled={template === setting.defaultTemplate}
                onClick={() => form.setFieldValue('messageTemplate', setting.defaultTemplate)}
              >
                Restore default
              </Button>
            )
          }
        >
          <Input.TextArea
            ref={input}
            aria-label="Message template"
            className="template-editor__input"
            autoSize={{ minRows: 4, maxRows: 12 }}
            spellCheck={false}
          />
        </Form.Item>
        <MessagePreview setting={setting} preview={preview} />
      </Col>
      <Col xs={24} lg={10}>
        <VariableList variables={setting.variables} onInsert={readOnly ? undefined : insert} />
      </Col>
    </Row>
  );
}

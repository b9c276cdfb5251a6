import { Alert } from 'antd';

/** A refused save: the title, and the server's messages (one per line when there are several). */
export function FormErrors({ title, messages }: { title: string; messages: string[] }) {
  return (
    <Alert
      type="error"
      showIcon
      title={title}
      className="form-alert"
      description={
        messages.length > 1 ? (
          <ul className="form-alert__list">
            {messages.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        ) : (
          messages[0]
        )
      }
    />
  );
}

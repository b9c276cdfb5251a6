import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Flex } from 'antd';
import { useState } from 'react';
import { saveBlob } from '@/lib/api/download';
import './second-factor.css';

export const RECOVERY_WARNING =
  'Save these recovery codes now: they are shown only this once. Each one signs you in once if you lose your phone.';

function codesText(codes: string[], username?: string) {
  const header = `Pipeline CRM recovery codes${username ? ` for ${username}` : ''}`;
  return `${header}\nEach code works once. Keep them somewhere safe.\n\n${codes.join('\n')}\n`;
}

/** The ten recovery codes, shown once: a warning, the codes, Copy and Download (.txt). */
export function RecoveryCodes({ codes, username }: { codes: string[]; username?: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(codesText(codes, username));
    setCopied(true);
  };
  const download = () =>
    saveBlob(new Blob([codesText(codes, username)], { type: 'text/plain' }), 'pipeline-crm-recovery-codes.txt');
  return (
    <div className="recovery-codes">
      <Alert type="warning" showIcon title={RECOVERY_WARNING} />
      <ul className="recovery-codes__list" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <Flex gap={8} wrap>
        <Button icon={<CopyOutlined />} onClick={() => void copy()}>
          {copied ? 'Copied' : 'Copy'}
        </Button>
        <Button icon={<DownloadOutlined />} onClick={download}>
          Download (.txt)
        </Button>
      </Flex>
    </div>
  );
}

import { LinkOutlined } from '@ant-design/icons';
import { App, Typography } from 'antd';
import type { MouseEvent, ReactNode } from 'react';

import { api, unwrap } from '@/lib/api/client';
import { errorMessage } from '@/lib/api/errors';

/** The server sends a workflow's Temporal UI address to operators only (the Operations page). The UI sits behind
 *  the web server's check of an operations cookie, which the app asks for just before it opens the UI: the tab opens
 *  at once (so no pop-up blocker stops it) and goes to the workflow once the cookie is set. */
export function TemporalLink({ url, children }: { url: string | null | undefined; children?: ReactNode }) {
  const { message } = App.useApp();
  if (!url) return null;
  const open = async (event: MouseEvent<HTMLElement>) => {
    event.preventDefault();
    const tab = window.open('', '_blank');
    try {
      await unwrap(api.POST('/operations/ui-session'));
      if (tab) {
        tab.opener = null;
        tab.location.href = url;
      } else {
        window.location.assign(url);
      }
    } catch (error) {
      tab?.close();
      void message.error(errorMessage(error, 'The Temporal UI could not be opened.'));
    }
  };
  return (
    <Typography.Link href={url} onClick={open} className="approval-temporal-link">
      <LinkOutlined /> {children ?? 'Open in Temporal UI'}
    </Typography.Link>
  );
}

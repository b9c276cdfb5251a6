import { Flex, Typography } from 'antd';
import type { NamedPage } from '../lib/pages';

/** A page's name over its address (or its code when it has none), as the matrix and effective access list it. */
export function PageName({ page, className }: { page: NamedPage; className?: string }) {
  return (
    <Flex vertical gap={2} className={className}>
      <span className="matrix-page__name">{page.name}</span>
      <Typography.Text type="secondary" className="matrix-page__code">
        {page.url ?? page.code}
      </Typography.Text>
    </Flex>
  );
}

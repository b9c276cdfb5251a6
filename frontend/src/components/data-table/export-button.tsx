import { DownloadOutlined } from '@ant-design/icons';
import { Button, Grid, Tooltip } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { useState } from 'react';
import { toast } from '@/components/dialogs';
import { saveBlob } from '@/lib/api/download';
import { errorMessage } from '@/lib/api/errors';
import { exportList, type ListExport } from '@/lib/api/list-export';

export const EXPORT_FAILED = 'The list was not exported';

/** A table's columns as an export names them: those with a field and a text header (not the row menu). */
export function exportColumnsOf<T>(columns: ColumnType<T>[] | undefined): ListExport['columns'] {
  return (columns ?? []).flatMap((column) => {
    const field = Array.isArray(column.dataIndex) ? column.dataIndex.join('.') : column.dataIndex;
    const title = typeof column.title === 'string' ? column.title : undefined;
    return typeof field === 'string' && field && title && column.key !== 'actions' && !column.hidden
      ? [{ key: field, title }]
      : [];
  });
}

/**
 * Export to Excel: the list's own call, asked for its rows as a spreadsheet (every row its reader may see, the
 * filters, search and sort applied, the screen's columns), saved under the name the server gives it.
 */
export function ExportButton({ run, columns, title }: { run: () => unknown } & ListExport) {
  const [busy, setBusy] = useState(false);
  const phone = Grid.useBreakpoint().md === false;
  const download = async () => {
    setBusy(true);
    try {
      const { blob, filename } = await exportList(run, { columns, title });
      saveBlob(blob, filename);
    } catch (error) {
      toast.error(EXPORT_FAILED, errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Tooltip title={phone ? undefined : 'Download these rows as an Excel file (filters applied)'}>
      <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void download()} aria-label="Export to Excel">
        {phone ? null : 'Export'}
      </Button>
    </Tooltip>
  );
}

import { useQuery } from '@tanstack/react-query';
import { Flex, Segmented, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { importRowsQueryOptions, ROWS_PAGE_SIZE, type ImportJob, type ImportRow, type Phase, type RowStatus } from '../api/imports-api';
import { STATUS_COLORS, STATUS_LABELS } from './import-steps';

const SHOWN_CELLS = 4; // the file's first columns beside each row's outcome

type Filter = RowStatus | 'ALL';

/** A phase's rows, each with its outcome and message and the file's first cells, filtered by outcome, a page at a time. */
export function ImportRows({ job, phase, initial = 'ALL' }: { job: ImportJob; phase: Phase; initial?: Filter }) {
  const [filter, setFilter] = useState<Filter>(initial);
  const [page, setPage] = useState(1);
  const status = filter === 'ALL' ? undefined : filter;
  const rows = useQuery(importRowsQueryOptions(job.id, phase, status, page));
  const counts = (phase === 'DRY' ? job.dryRun : job.run).counts;
  const columns: ColumnsType<ImportRow> = [
    { title: 'Row', dataIndex: 'rowNumber', width: 64 },
    {
      title: 'Outcome',
      dataIndex: 'status',
      width: 110,
      render: (value: string) => <Tag color={STATUS_COLORS[value]}>{STATUS_LABELS[value] ?? value}</Tag>,
    },
    {
      title: 'Message',
      dataIndex: 'message',
      width: 280,
      render: (value: string | null) => (value ? <Typography.Text type="danger">{value}</Typography.Text> : '—'),
    },
    ...job.headers.slice(0, SHOWN_CELLS).map((header) => ({
      title: header,
      key: `cell-${header}`,
      ellipsis: true,
      render: (_: unknown, row: ImportRow) => row.values[header] ?? '',
    })),
  ];
  return (
    <Flex vertical gap={12}>
      <Segmented<Filter>
        aria-label="Show rows"
        value={filter}
        onChange={(next) => {
          setFilter(next);
          setPage(1);
        }}
        options={[
          { value: 'ALL', label: 'All' },
          ...(['REFUSED', 'CREATED', 'UPDATED', 'UNCHANGED'] as RowStatus[]).map((s) => ({
            value: s,
            label: `${STATUS_LABELS[s]} (${(counts[s] ?? 0).toLocaleString('id-ID')})`,
          })),
        ]}
        className="import-rows__filter"
      />
      <Table<ImportRow>
        rowKey="rowNumber"
        size="small"
        columns={columns}
        dataSource={rows.data?.data}
        loading={rows.isFetching}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: page,
          pageSize: ROWS_PAGE_SIZE,
          total: rows.data?.totalRows ?? 0,
          showSizeChanger: false,
          onChange: setPage,
        }}
        locale={{ emptyText: 'No rows.' }}
      />
    </Flex>
  );
}

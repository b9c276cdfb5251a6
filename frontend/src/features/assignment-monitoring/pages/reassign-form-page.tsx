import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Flex, Form, Grid, Select, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DataTable, TableSearch, type ServerPageQuery } from '@/components/data-table';
import { showConfirm, toast } from '@/components/dialogs';
import { FormErrors } from '@/components/form-errors';
import { FormActions, FormPage, systemCrumbs } from '@/components/form-page';
import { formMessages } from '@/lib/api/errors';
import { formatIDR } from '@/lib/format';
import { usePageAccess } from '@/lib/session';
import {
  ASSIGNMENT_PAGE,
  ASSIGNMENT_PATH,
  assignmentPath,
  BOOK_PAGE_SIZE,
  bookQueryOptions,
  leadsText,
  peopleQueryOptions,
  reassign,
  refreshAfterMove,
  type BookLead,
  type Person,
} from '../api/assignment-api';
import { ReasonInput } from '../components/reason-input';
import '../assignment-monitoring.css';

export const FAILED = 'The leads were not moved';
export const BOOK_SEARCH_PLACEHOLDER = 'Search project or client';

const personLabel = (p: Person) =>
  `${p.fullname}${p.isActive ? '' : ' (inactive)'} · ${leadsText(p.leadCount)}`;

/** What the book's table shows of a lead that waits or has plans: they follow the lead to its new owner. */
function Follows({ lead }: { lead: BookLead }) {
  return (
    <Flex gap={4} wrap>
      {lead.pendingRequest && <Tag color="gold">Pending request</Tag>}
      {lead.upcomingSchedules > 0 && <Tag color="blue">{lead.upcomingSchedules} upcoming</Tag>}
    </Flex>
  );
}

/** /system/assignment-monitoring/add: choose whose leads, which of them (or the whole book), to whom and why. */
export function ReassignFormPage() {
  const access = usePageAccess(ASSIGNMENT_PAGE);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const phone = Grid.useBreakpoint().md === false;
  const [fromId, setFromId] = useState<number>();
  const [toId, setToId] = useState<number>();
  const [reason, setReason] = useState('');
  const [whole, setWhole] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);
  const [query, setQuery] = useState<ServerPageQuery & { search: string }>({
    offset: 0,
    limit: BOOK_PAGE_SIZE,
    search: '',
  });
  const [formError, setFormError] = useState<string[] | null>(null);
  const [saving, setSaving] = useState(false);

  const people = useQuery({ ...peopleQueryOptions(), enabled: access.isWrite });
  const book = useQuery({ ...bookQueryOptions(fromId ?? 0, query), enabled: access.isWrite && fromId !== undefined });
  const from = people.data?.find((p) => p.id === fromId);
  const to = people.data?.find((p) => p.id === toId);
  const total = book.data?.totalRows ?? 0;
  const count = whole ? total : selected.length;

  const chooseFrom = (id: number | undefined) => {
    setFromId(id);
    setSelected([]);
    setWhole(false);
    setQuery((q) => ({ ...q, offset: 0, search: '' }));
    if (id !== undefined && id === toId) setToId(undefined);
  };

  const submit = async () => {
    if (!from || !to) return;
    const confirmed = await showConfirm({
      title: 'Reassign leads',
      content: `Move ${whole ? `all ${leadsText(count)}` : leadsText(count)} of ${from.fullname} to ${to.fullname}?`,
      okText: 'Reassign',
    });
    if (!confirmed) return;
    setSaving(true);
    try {
      const done = await reassign({
        fromUserId: from.id,
        toUserId: to.id,
        reason,
        allLeads: whole,
        leadIds: whole ? [] : selected,
      });
      await refreshAfterMove(queryClient);
      toast.success(done.message);
      navigate(assignmentPath(done.id));
    } catch (error) {
      const shown = formMessages(error);
      setFormError(shown);
      toast.error(FAILED, shown.join(' '));
    } finally {
      setSaving(false);
    }
  };

  const columns: ColumnsType<BookLead> = phone
    ? [
        {
          title: 'Lead',
          key: 'lead',
          render: (_: unknown, lead) => (
            <div className="reassignment-block">
              <Typography.Text strong>{lead.projectName}</Typography.Text>
              <Typography.Text type="secondary" className="reassignment-block__facts">
                {lead.clientName ?? '-'} · {lead.stageName ?? '-'} · {lead.statusLabel} · GP{' '}
                {formatIDR(lead.totalGrossProfit)}
              </Typography.Text>
              <Follows lead={lead} />
            </div>
          ),
        },
      ]
    : [
        {
          title: 'Lead',
          key: 'projectName',
          render: (_: unknown, lead) => (
            <div className="reassignment-block">
              <span>{lead.projectName}</span>
              <Typography.Text type="secondary">{lead.clientName ?? '-'}</Typography.Text>
            </div>
          ),
        },
        { title: 'Stage', dataIndex: 'stageName', width: 140, render: (s: string | null) => s ?? '-' },
        { title: 'Status', dataIndex: 'statusLabel', width: 100 },
        { title: 'GP', dataIndex: 'totalGrossProfit', width: 180, align: 'right', render: (gp: number) => formatIDR(gp) },
        { title: 'Follows', key: 'follows', width: 170, render: (_: unknown, lead) => <Follows lead={lead} /> },
      ];

  const ready = from && to && reason.trim() && count > 0;

  return (
    <FormPage
      breadcrumb={systemCrumbs('Assignment Monitoring', ASSIGNMENT_PATH, 'Reassign Leads')}
      title="Reassign Leads"
      subtitle="Move some leads, or a leaving sales person's whole book, with their pending requests and upcoming plans."
      width="full"
    >
      {!access.isWrite ? (
        <Typography.Text>You do not have access to reassign leads.</Typography.Text>
      ) : (
        <Form layout="vertical" className="reassign-form" onFinish={() => void submit()}>
          {formError && <FormErrors title={FAILED} messages={formError} />}
          <Form.Item label="From" required>
            <Select<number>
              aria-label="From"
              showSearch={{ optionFilterProp: 'label' }}
              allowClear
              placeholder="Choose the sales person whose leads move"
              loading={people.isPending}
              value={fromId}
              onChange={chooseFrom}
              options={people.data?.filter((p) => p.leadCount > 0).map((p) => ({ value: p.id, label: personLabel(p) }))}
            />
          </Form.Item>
          {from && (
            <div className="reassign-book">
              <Checkbox
                className="reassign-book__whole"
                checked={whole}
                onChange={(e) => setWhole(e.target.checked)}
              >
                Move the whole book ({leadsText(total)})
              </Checkbox>
              <DataTable<BookLead>
                rowKey="id"
                columns={columns}
                tableLayout="fixed"
                wrap
                showHeader={!phone}
                scroll={phone ? {} : undefined}
                dataSource={book.data?.data}
                loading={book.isFetching}
                rowSelection={{
                  selectedRowKeys: whole ? (book.data?.data.map((l) => l.id) ?? []) : selected,
                  preserveSelectedRowKeys: true,
                  getCheckboxProps: () => ({ disabled: whole }),
                  onChange: (keys) => setSelected(keys.map(Number)),
                }}
                server={{
                  ...query,
                  total,
                  onChange: (q) => setQuery((old) => ({ ...old, ...q })),
                }}
                toolbar={
                  <TableSearch
                    label={BOOK_SEARCH_PLACEHOLDER}
                    value={query.search}
                    onSearch={(search) => setQuery((old) => ({ ...old, search, offset: 0 }))}
                  />
                }
              />
            </div>
          )}
          <Form.Item label="To" required>
            <Select<number>
              aria-label="To"
              showSearch={{ optionFilterProp: 'label' }}
              allowClear
              placeholder="Choose the sales person who takes them"
              loading={people.isPending}
              value={toId}
              onChange={setToId}
              options={people.data
                ?.filter((p) => p.canReceive && p.id !== fromId)
                .map((p) => ({ value: p.id, label: personLabel(p) }))}
            />
          </Form.Item>
          <Form.Item label="Reason" required>
            <ReasonInput value={reason} onChange={setReason} />
          </Form.Item>
          <FormActions>
            <Button onClick={() => navigate(ASSIGNMENT_PATH)}>Cancel</Button>
            <Button type="primary" htmlType="submit" loading={saving} disabled={!ready}>
              {count > 0 && to ? `Move ${leadsText(count)} to ${to.fullname}` : 'Reassign'}
            </Button>
          </FormActions>
        </Form>
      )}
    </FormPage>
  );
}

import { AuditOutlined, EyeOutlined, RiseOutlined, SyncOutlined, UserSwitchOutlined } from '@ant-design/icons';
import { Button, Flex, Tag, Typography } from 'antd';
import type { QueueRow } from '../api/types';
import { formatDateTime } from '@/lib/format';
import { dueIn, type DueTone } from '../lib/due';
import { DECISION_RECEIVED, requestTypeLabel } from '../lib/labels';
import { NO_LEADS_TEXT } from './review-dialog';

/** Request type tags; closes and cost sheets are green. */
const TYPE_COLORS: Record<string, string> = { CHANGE_LEAD_STAGE: 'blue', HOLD_LEAD: 'orange', DROP_LEAD: 'red' };

/**
 * Where a request's Detail opens: the lead's read-only view, which every approver may open for the requests
 * in their queue; a cost sheet request opens the sheet itself for those who may open it.
 */
export function detailPath(row: QueueRow, canOpen: (path: string) => boolean): string {
  const sheet = `/leads/${row.leadId}/project-cost-sheet`;
  return row.requestType === 'PCS' && canOpen(sheet) ? sheet : `/leads/${row.leadId}/view`;
}

export function RequestTypeTag({ type }: { type: string }) {
  return (
    <Tag color={TYPE_COLORS[type] ?? 'green'} className="queue-cell__tag">
      {requestTypeLabel(type)}
    </Tag>
  );
}

/** Why the request is in the caller's queue when it is not their own turn: as a delegate, or escalated. */
export function OnBehalfTags({ row }: { row: QueueRow }) {
  if (!row.forApproverName && !row.escalated) return null;
  return (
    <Flex gap={4} wrap>
      {row.forApproverName && (
        <Tag icon={<UserSwitchOutlined />} color="purple" className="queue-cell__tag" title="You decide as their delegate">
          for {row.forApproverName}
        </Tag>
      )}
      {row.escalated && (
        <Tag icon={<RiseOutlined />} color="volcano" className="queue-cell__tag"
          title="Escalated to you: you may decide in the place of the approvers still waiting">
          Escalated
        </Tag>
      )}
    </Flex>
  );
}

/** The request type and who asked (and for whom the caller decides, or that it was escalated to them). */
export function RequestCell({ row }: { row: QueueRow }) {
  return (
    <div className="queue-cell">
      <RequestTypeTag type={row.requestType} />
      <Typography.Text type="secondary" className="queue-cell__line">
        {row.requestedByName}
      </Typography.Text>
      <OnBehalfTags row={row} />
    </div>
  );
}

const DUE_COLORS: Record<DueTone, string> = { ok: 'green', soon: 'orange', overdue: 'red' };

/** Time left until the current layer is due, coloured (green, orange under a day, red overdue); '-' without one. */
export function DueCell({ dueAt, now }: { dueAt: string | null | undefined; now?: number }) {
  const due = dueIn(dueAt, now);
  if (!due || !dueAt) return <Typography.Text type="secondary">-</Typography.Text>;
  return (
    <Tag
      color={DUE_COLORS[due.tone]}
      className="queue-cell__tag queue-cell__due"
      title={`Due ${formatDateTime(dueAt)}`}
      data-tone={due.tone}
    >
      {due.text}
    </Tag>
  );
}

/** The project and its client, or 'No Leads.' (spec 2 §2.5). */
export function LeadCell({ row }: { row: QueueRow }) {
  if (!row.leadId) return <Typography.Text type="secondary">{NO_LEADS_TEXT}</Typography.Text>;
  return (
    <div className="queue-cell">
      <Typography.Text strong className="queue-cell__project">
        {row.projectName ?? '-'}
      </Typography.Text>
      <Typography.Text type="secondary" className="queue-cell__line">
        {row.clientName ?? '-'}
      </Typography.Text>
    </div>
  );
}

/**
 * A stage change as "current → target" (the target in bold); a hold, drop or close shows the lead's stage,
 * a cost sheet its revision.
 */
export function StagesCell({ row }: { row: QueueRow }) {
  if (row.requestType !== 'PCS' && row.targetStage) {
    return (
      <span className="queue-cell__stages">
        {row.currentStage && (
          <>
            <Typography.Text type="secondary">{row.currentStage}</Typography.Text>
            {' → '}
          </>
        )}
        <Typography.Text strong>{row.targetStage}</Typography.Text>
      </span>
    );
  }
  const text = row.requestType === 'PCS' ? row.combinedStageDescriptions : (row.currentStage ?? row.combinedStageDescriptions);
  return <span className="queue-cell__stages">{text ?? '-'}</span>;
}

/** The caller's decision was received and is being applied: nothing to review until it is. */
export function ProcessingTag() {
  return (
    <Tag icon={<SyncOutlined spin />} color="processing" className="queue-cell__tag" title={DECISION_RECEIVED}>
      Processing
    </Tag>
  );
}

/** The date over the time, so the column stays narrow. */
export function RequestedAtCell({ value }: { value: string }) {
  const [date, time] = formatDateTime(value).split(' ');
  return (
    <span className="queue-cell__when">
      <span>{date}</span> {time && <Typography.Text type="secondary">{time}</Typography.Text>}
    </span>
  );
}

export interface NotesCellProps {
  notes: string | null | undefined;
  /** Shown whole (kept by the page, so a refetch of the queue does not fold it again). */
  expanded?: boolean;
  onExpand?: (expanded: boolean) => void;
}

/** Notes wrap over at most three lines; the whole text shows on hover and on Expand. */
export function NotesCell({ notes, expanded = false, onExpand }: NotesCellProps) {
  if (!notes) return <Typography.Text type="secondary">-</Typography.Text>;
  return (
    <Typography.Paragraph
      className="queue-cell__notes"
      ellipsis={{
        rows: 3,
        expandable: 'collapsible',
        expanded,
        onExpand: (_event, info) => onExpand?.(info.expanded),
        // Hidden, not removed, once open: swapping the tooltip away made antd drop the Collapse link.
        tooltip: { title: notes, placement: 'topLeft', ...(expanded ? { open: false } : {}) },
      }}
    >
      {notes}
    </Typography.Paragraph>
  );
}

export interface QueueActionsProps {
  row: QueueRow;
  /** Icons only (a narrow column). */
  iconsOnly?: boolean;
  vertical?: boolean;
  onDetail: (row: QueueRow) => void;
  onReview: (row: QueueRow) => void;
}

/** Detail (the lead, or the cost sheet) and Review of one request. */
export function QueueActions({ row, iconsOnly = false, vertical = false, onDetail, onReview }: QueueActionsProps) {
  return (
    <Flex gap={6} vertical={vertical} wrap={!vertical} align={vertical ? 'stretch' : 'center'}>
      {row.processing && <ProcessingTag />}
      <Button
        title={iconsOnly ? 'Detail' : undefined}
        size="small"
        icon={<EyeOutlined />}
        disabled={!row.leadId}
        aria-label={`Detail of request ${row.approvalId}`}
        onClick={() => onDetail(row)}
      >
        {!iconsOnly && 'Detail'}
      </Button>
      <Button
        title={row.processing ? DECISION_RECEIVED : iconsOnly ? 'Review' : undefined}
        size="small"
        type="primary"
        ghost
        icon={<AuditOutlined />}
        disabled={row.processing}
        aria-label={`Review request ${row.approvalId}`}
        onClick={() => onReview(row)}
      >
        {!iconsOnly && 'Review'}
      </Button>
    </Flex>
  );
}

/** A whole request in one block: the queue's only column on a phone. */
export function QueueCard({
  row,
  onDetail,
  onReview,
  notesExpanded,
  onExpandNotes,
  now,
}: Pick<QueueActionsProps, 'row' | 'onDetail' | 'onReview'> & {
  notesExpanded?: boolean;
  onExpandNotes?: (expanded: boolean) => void;
  now?: number;
}) {
  return (
    <div className="queue-card">
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Flex gap={4} wrap align="center">
          <RequestTypeTag type={row.requestType} />
          {row.dueAt && <DueCell dueAt={row.dueAt} now={now} />}
        </Flex>
        <Typography.Text type="secondary" className="queue-card__when">
          {formatDateTime(row.requestedAt)}
        </Typography.Text>
      </Flex>
      <OnBehalfTags row={row} />
      <LeadCell row={row} />
      <div className="queue-card__stages">
        <StagesCell row={row} />
      </div>
      <Typography.Text type="secondary" className="queue-cell__line">
        Requested by {row.requestedByName}
      </Typography.Text>
      <NotesCell notes={row.notes} expanded={notesExpanded} onExpand={onExpandNotes} />
      <QueueActions row={row} onDetail={onDetail} onReview={onReview} />
    </div>
  );
}

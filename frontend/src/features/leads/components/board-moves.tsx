import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { toast, toastWithUndo } from '@/components/dialogs';
import { targetLabel } from '@/components/stage-target';
import { errorMessage } from '@/lib/api/errors';
import { invalidateDomains } from '@/lib/query-domains';
import { leadKeys } from '../api/keys';
import { stageOptionsQueryOptions, updateLead } from '../api/leads-api';
import type { LeadCard as LeadCardData } from '../api/types';
import { RequestApprovalButton } from './request-approval-button';

export const NOT_MOVED = 'Not moved';

let lastDragEnd = 0; // when the last drag ended (its release must not open the card)

/** Arrow keys carry a picked-up card to the next column left or right (and Space or Enter drops it there). */
const nextColumn: KeyboardCoordinateGetter = (event, { context, currentCoordinates }) => {
  const step = event.code === 'ArrowRight' ? 1 : event.code === 'ArrowLeft' ? -1 : 0;
  if (step === 0) return undefined;
  event.preventDefault();
  const width = context.collisionRect?.width ?? 0;
  const centre = currentCoordinates.x + width / 2;
  const columns = [...context.droppableRects.values()].sort((a, b) => a.left - b.left);
  const here = columns.findIndex((r) => centre >= r.left && centre < r.left + r.width);
  const next = columns[here === -1 ? 0 : Math.min(Math.max(here + step, 0), columns.length - 1)];
  return next ? { x: next.left + next.width / 2 - width / 2, y: currentCoordinates.y } : undefined;
};

/** A card the person may drag to another stage's column (the card itself stays a link to the lead). */
export function DraggableCard({ lead, children }: { lead: LeadCardData; children: ReactNode }) {
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({
    id: `lead-${lead.id}`,
    data: { lead },
  });
  return (
    <div
      ref={setNodeRef}
      onDragStart={(event) => event.preventDefault()}
      className={`board-card-drag${isDragging ? ' is-dragging' : ''}`}
      style={transform ? { transform: `translate3d(${transform.x}px, ${transform.y}px, 0)` } : undefined}
      {...listeners}
      {...attributes}
      aria-roledescription="Draggable lead"
      aria-label={`Move ${lead.clientName} · ${lead.projectName}`}
    >
      {children}
    </div>
  );
}

/** A stage's column as a place to drop a card; `over` while a card is above it. */
export function useStageDrop(stageId: number) {
  const { setNodeRef, isOver } = useDroppable({ id: `stage-${stageId}`, data: { stageId } });
  return { ref: setNodeRef, over: isOver };
}

/**
 * Moving a lead to another stage from the board or a list (a dragged card, a card's menu): asks what the move needs,
 * as the server's stage options say. A move that needs no approval is made at once, with Undo for a few seconds; one
 * that needs approval opens the request dialog with its route (`dialog`, to render); one that is not allowed is
 * refused with its reason.
 */
export function useStageMoves() {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<{ leadId: number; stageId: number } | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: leadKeys.all });
  const moveTo = async (lead: LeadCardData, stageId: number, name: string) => {
    const result = await updateLead(lead.id, { stageId });
    await refresh();
    return result.message ?? `${lead.projectName} moved to ${name}.`;
  };

  const move = async (lead: LeadCardData, stageId: number) => {
    if (stageId === lead.stageId) return;
    try {
      const options = await queryClient.fetchQuery({ ...stageOptionsQueryOptions(lead.id), staleTime: 0 });
      const target = options.stages.find((s) => s.id === stageId);
      if (!target) return;
      const name = targetLabel(target);
      if (!target.allowed) {
        toast.error(`${NOT_MOVED} to ${name}`, target.reason ?? undefined);
        return;
      }
      if (target.needsApproval) {
        setAsking({ leadId: lead.id, stageId });
        return;
      }
      const back = options.stages.find((s) => s.isCurrent);
      const said = await moveTo(lead, stageId, name);
      toastWithUndo(said, () => {
        if (!back) return;
        void moveTo(lead, back.id, targetLabel(back)).then(
          (again) => toast.success(again),
          (error) => toast.error(`${NOT_MOVED} back to ${targetLabel(back)}`, errorMessage(error)),
        );
      });
    } catch (error) {
      toast.error(`${NOT_MOVED}`, errorMessage(error, 'The lead could not be moved.'));
      await refresh();
    }
  };

  const dialog = asking && (
    <RequestApprovalButton
      key={`${asking.leadId}-${asking.stageId}`}
      leadId={asking.leadId}
      stageId={asking.stageId}
      opened
      onRequested={() => void invalidateDomains(queryClient, 'approvals')}
      onClose={() => setAsking(null)}
    />
  );
  return { move, dialog };
}

/**
 * Dragging a card to another stage (a desk's or a tablet's board; the keyboard too: Space picks a card up, the
 * arrows carry it, Space drops it), as useStageMoves decides.
 */
export function BoardMoves({ enabled, children }: { enabled: boolean; children: ReactNode }) {
  const { move, dialog } = useStageMoves();
  const sensors = useSensors(
    // a click still opens the lead: a drag starts once the pointer moved a little
    useSensor(PointerSensor, { activationConstraint: { distance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: nextColumn }),
  );

  // the release that ends a drag is no click on the card's link (caught before React sees it)
  useEffect(() => {
    const swallow = (event: MouseEvent) => {
      if (Date.now() - lastDragEnd > 500 || !(event.target as Element | null)?.closest?.('.board-card-drag')) return;
      lastDragEnd = 0; // that one click only
      event.preventDefault();
      event.stopPropagation();
    };
    window.addEventListener('click', swallow, true);
    return () => window.removeEventListener('click', swallow, true);
  }, []);

  const dropped = ({ active, over }: DragEndEvent) => {
    const lead = active.data.current?.lead as LeadCardData | undefined;
    const stageId = over?.data.current?.stageId as number | undefined;
    if (lead && stageId !== undefined) void move(lead, stageId);
  };

  if (!enabled) return <>{children}</>;
  return (
    <DndContext
      sensors={sensors}
      onDragStart={() => (lastDragEnd = Number.MAX_SAFE_INTEGER)}
      onDragEnd={(event) => {
        lastDragEnd = Date.now();
        dropped(event);
      }}
      onDragCancel={() => (lastDragEnd = Date.now())}
    >
      {children}
      {dialog}
    </DndContext>
  );
}

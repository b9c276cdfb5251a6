import { showConfirm } from '@/components/dialogs';
import { formatNumber } from '@/lib/format';
import type { HierarchyNode } from '../api/user-management-api';

/** How many of a team the confirmation names before "and N more". */
const NAMED = 3;

/** Everyone below `userId` in the tree, nearest first. */
export function teamOf(nodes: readonly HierarchyNode[], userId: number): HierarchyNode[] {
  const found: HierarchyNode[] = [];
  const seen = new Set([userId]);
  const leaders = [userId];
  for (let i = 0; i < leaders.length; i += 1) {
    for (const node of nodes) {
      if (node.leaderId === leaders[i] && !seen.has(node.id)) {
        seen.add(node.id);
        found.push(node);
        leaders.push(node.id);
      }
    }
  }
  return found;
}

function names(people: HierarchyNode[]): string {
  const shown = people.slice(0, NAMED).map((p) => p.fullname);
  const more = people.length - shown.length;
  if (more > 0) return `${shown.join(', ')} and ${formatNumber(more)} more`;
  return shown.length > 1 ? `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}` : (shown[0] ?? '');
}

/** The person and everyone they report to, up to the top. */
function chainUp(byId: ReadonlyMap<number, HierarchyNode>, id: number | null): number[] {
  const chain: number[] = [];
  for (let at = id; at !== null && !chain.includes(at); at = byId.get(at)?.leaderId ?? null) chain.push(at);
  return chain;
}

/** What moving a person under another leader (null: to the top) does, in the words the confirmation shows. */
export function moveConsequences(
  nodes: readonly HierarchyNode[],
  userId: number,
  leaderId: number | null,
): { title: string; lines: string[] } {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const person = byId.get(userId);
  const name = person?.fullname ?? 'This person';
  const fromId = person?.leaderId ?? null;
  const from = fromId === null ? undefined : byId.get(fromId)?.fullname;
  const to = leaderId === null ? undefined : (byId.get(leaderId)?.fullname ?? 'the new leader');
  // the old leader still sees the leads when they are the new leader or above them
  const fromLoses = from !== undefined && fromId !== null && !chainUp(byId, leaderId).includes(fromId);
  const team = teamOf(nodes, userId);
  const whose = team.length > 0 ? 'Their leads and their team’s' : 'Their leads';
  const lines = [
    team.length > 0
      ? `Their team moves with them: ${names(team)} (${formatNumber(team.length)} ${team.length === 1 ? 'person' : 'people'}) ` +
        `still report${team.length === 1 ? 's' : ''} to ${name}.`
      : `Nobody reports to ${name}: they move alone.`,
    `${whose} stay with their owners. ` +
      (to
        ? `${to}, and everyone ${to} reports to, see them from now on`
        : 'Above them, only the roles that see every lead see them from now on') +
      (fromLoses ? `; ${from} no longer does.` : '.'),
    to
      ? `What goes to ${name}’s team leader (an overdue approval layer of their own requests, a team leader’s notifications) goes to ${to}${from ? ` instead of ${from}` : ''}.`
      : `Nothing goes to a team leader of ${name} any more (an overdue approval layer of their own requests, a team leader’s notifications)${from ? `: ${from} no longer gets it` : ''}.`,
  ];
  return { title: to ? `Move ${name} under ${to}?` : `Move ${name} to the top of the tree?`, lines };
}

/** Asks before a move, saying what moves with the person; resolves true to go ahead. */
export function confirmMove(nodes: readonly HierarchyNode[], userId: number, leaderId: number | null): Promise<boolean> {
  const { title, lines } = moveConsequences(nodes, userId, leaderId);
  return showConfirm({
    title,
    content: (
      <ul className="hierarchy-move__lines">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    ),
    okText: 'Move',
  });
}

import { Link } from 'react-router';
import type { LeadStageOption } from '../api/types';
import { stageLabel } from '../lib/labels';

/** Links to a lead's stage pages (/leads/{id}/{slug}), in the server's order; the current stage and this page marked. */
export function StageLinks({
  leadId,
  stages,
  activeId,
}: {
  leadId: number;
  stages: LeadStageOption[];
  /** The stage whose page is open. */
  activeId?: number;
}) {
  return (
    <nav className="stage-links" aria-label="Stage pages">
      {stages.map((s) => (
        <Link
          key={s.id}
          to={`/leads/${leadId}/${s.slug}`}
          className={[
            'stage-links__item',
            s.isCurrent ? 'is-current' : '',
            s.id === activeId ? 'is-active' : '',
          ].join(' ').trim()}
          aria-current={s.id === activeId ? 'page' : undefined}
          title={s.isCurrent ? 'The lead is in this stage' : s.needsApproval ? 'Moving here needs approval' : undefined}
        >
          {stageLabel(s.stageName, s.stageDescription)}
          {s.needsApproval && !s.isCurrent && <span className="stage-links__approval" aria-label="needs approval" />}
        </Link>
      ))}
    </nav>
  );
}

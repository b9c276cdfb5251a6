import type { PipelineKind } from '../api/pipelines-api';
import type { PipelineActionType } from '../api/types';
import { LEAD_ACTION_TYPES } from './labels';

export interface PipelineKindConfig {
  kind: PipelineKind;
  /** Casbin page code, as in the session's pageAccess. */
  page: string;
  basePath: string;
  title: string;
  actionTypes: PipelineActionType[];
}

export const PIPELINE_KINDS: Record<PipelineKind, PipelineKindConfig> = {
  lead: {
    kind: 'lead',
    page: 'system/approval-pipeline',
    basePath: '/system/approval-pipeline',
    title: 'Approval Pipeline',
    actionTypes: LEAD_ACTION_TYPES,
  },
  pcs: {
    kind: 'pcs',
    page: 'system/pcs-approval-pipeline',
    basePath: '/system/pcs-approval-pipeline',
    title: 'PCS Approval Pipeline',
    actionTypes: ['PCS'],
  },
};

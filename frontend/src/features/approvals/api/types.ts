import type { components } from '@/lib/api/schema';

type Schemas = components['schemas'];

export type QueueRow = Schemas['QueueRow'];
export type QueuePage = Schemas['Page_QueueRow_'];
export type Timeline = Schemas['TimelineOut'];
export type TimelineLayer = Schemas['TimelineLayerOut'];
export type TimelineApprover = Schemas['TimelineApproverOut'];
export type Decision = Schemas['DecisionIn'];
export type ApproversAction = Decision['approversAction'];
export type Pipeline = Schemas['PipelineOut'];
export type PipelineIn = Schemas['PipelineIn'];
export type PipelineActionType = PipelineIn['pipelineActionType'];
export type PipelineLayerIn = Schemas['LayerIn'];
export type ApprovalMode = PipelineLayerIn['mode'];
export type PickableUser = Schemas['PickableUser'];
export type StageOption = Schemas['StageOut'];

/** Lead pipelines (system/approval-pipeline) or cost sheet pipelines (system/pcs-approval-pipeline). */
export type PipelineKind = 'lead' | 'pcs';

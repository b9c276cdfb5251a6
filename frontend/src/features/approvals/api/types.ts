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
export type PipelineTryIn = Schemas['PipelineTryIn'];
export type StageOption = Schemas['StageOut'];

/** Lead pipelines (system/approval-pipeline) or cost sheet pipelines (system/pcs-approval-pipeline). */
export type PipelineKind = 'lead' | 'pcs';

/** The request registers: lead requests (system/lead-approval) or cost sheet requests (system/pcs-approval). */
export type RegisterKind = 'lead' | 'pcs';
export type RegisterRow = Schemas['RegisterRow'];
export type RegisterDetail = Schemas['RegisterDetail'];
export type PcsRegisterDetail = Schemas['PcsRegisterDetail'];
export type RegisterSheet = Schemas['RegisterSheet'];
export type OnBehalfIn = Schemas['OnBehalfIn'];
export type RequestRouteIn = Schemas['RequestIn'];
export type RequestOut = Schemas['RequestOut'];
export type LeadCard = Schemas['LeadCard'];
export type LeadStageOption = Schemas['StageOption'];

/** Out of office: an approver's delegate for a period. */
export type Delegation = Schemas['DelegationOut'];
export type DelegationIn = Schemas['DelegationIn'];
export type DelegationState = Delegation['state'];
export type ApprovalLink = Schemas['LinkOut'];
export type LinkDecision = Schemas['LinkDecisionOut'];
export type BulkDecisionIn = Schemas['BulkDecisionIn'];
export type BulkDecision = Schemas['BulkDecisionOut'];
export type BulkItem = Schemas['BulkItemOut'];

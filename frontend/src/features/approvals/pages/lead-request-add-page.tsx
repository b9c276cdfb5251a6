import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApprovalRoute } from '@/components/approval-route';
import { FormActions, FormPage, systemCrumbs } from '@/components/form-page';
import { StageTargetSelect } from '@/components/stage-target';
import { errorMessage } from '@/lib/api/errors';
import { invalidateDomains, queryDomains } from '@/lib/query-domains';
import { usePageAccess } from '@/lib/session';
import {
  REGISTER_PAGES,
  REGISTER_PATHS,
  registerLeadsQueryOptions,
  requestOnBehalf,
  requestRouteQueryOptions,
  stageOptionsQueryOptions,
} from '../api/registers-api';
import type { OnBehalfIn } from '../api/types';
import { LEAD_ACTION_TYPES, leadOptionLabel, requestTypeLabel } from '../lib/labels';

const NOTES_MAX = 1024;
export const NO_REQUEST_NEEDED = 'Needs no approval: move the lead there on its own page.';
const TYPE_OPTIONS = LEAD_ACTION_TYPES.map((value) => ({ value, label: requestTypeLabel(value) }));

interface AddForm {
  leadId?: number;
  requestType?: OnBehalfIn['requestType'];
  targetStageId?: number;
  notes?: string;
}

/** /system/lead-approval/add: a request made for the lead's sales person, with the fields the sales screens send;
 *  the server applies the same rules and gates as when the sales person asks. */
export function LeadRequestAddPage() {
  const access = usePageAccess(REGISTER_PAGES.lead);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [form] = Form.useForm<AddForm>();
  const [search, setSearch] = useState('');
  const leadId = Form.useWatch('leadId', form);
  const requestType = Form.useWatch('requestType', form);
  const targetStageId = Form.useWatch('targetStageId', form);
  const leads = useQuery({ ...registerLeadsQueryOptions(search), enabled: access.isWrite });
  const stages = useQuery({
    ...stageOptionsQueryOptions(leadId),
    enabled: access.isWrite && leadId !== undefined && requestType === 'CHANGE_LEAD_STAGE',
  });
  const save = useMutation({
    mutationFn: (values: AddForm) =>
      requestOnBehalf({
        leadId: values.leadId!,
        requestType: values.requestType!,
        targetStageId: values.requestType === 'CHANGE_LEAD_STAGE' ? values.targetStageId : null,
        notes: values.notes?.trim() || null,
      }),
    onSuccess: async (answer) => {
      void message.success(answer.message);
      await invalidateDomains(queryClient, queryDomains.approvals, queryDomains.leads);
      navigate(`${REGISTER_PATHS.lead}/${answer.approvalId}/edit`);
    },
  });

  // the route of the request as chosen, read again when the choice changes (a stage change once its stage is chosen)
  const routeAsked = leadId !== undefined && requestType !== undefined && (requestType !== 'CHANGE_LEAD_STAGE' || targetStageId !== undefined);
  const route = useQuery({
    ...requestRouteQueryOptions(leadId ?? 0, {
      requestType: requestType ?? 'HOLD_LEAD',
      ...(requestType === 'CHANGE_LEAD_STAGE' ? { targetStageId } : {}),
    }),
    enabled: access.isWrite && routeAsked,
  });

  // the server's stage options: a stage that needs approval is marked; one that needs none is not requested (the
  // server refuses it: the lead is moved there on its own page)
  const stageTargets = (stages.data?.stages ?? []).map((s) =>
    s.allowed && !s.needsApproval && !s.isCurrent ? { ...s, allowed: false, reason: NO_REQUEST_NEEDED } : s,
  );

  return (
    <FormPage breadcrumb={systemCrumbs('Lead Approval', REGISTER_PATHS.lead, 'Add')} title="Add Lead Approval Request">
      {!access.isWrite ? (
        'You do not have access to add approval requests.'
      ) : (
        <Form<AddForm> form={form} layout="vertical" onFinish={(values) => save.mutate(values)} requiredMark>
          {save.isError && (
            <Alert
              type="error"
              showIcon
              className="form-alert"
              title={errorMessage(save.error)}
              style={{ marginBottom: 16 }}
            />
          )}
          <Form.Item
            name="leadId"
            label="Lead"
            extra="The request is made on behalf of the lead's sales person."
            rules={[{ required: true, message: 'Please choose the lead.' }]}
          >
            <Select
              showSearch={{ filterOption: false, onSearch: setSearch }}
              placeholder="Search a project or client"
              loading={leads.isFetching}
              options={leads.data?.data.map((lead) => ({ value: lead.id, label: leadOptionLabel(lead) }))}
              onChange={() => form.setFieldValue('targetStageId', undefined)}
            />
          </Form.Item>
          <Form.Item name="requestType" label="Request" rules={[{ required: true, message: 'Please choose the request.' }]}>
            <Select placeholder="Choose the request" options={TYPE_OPTIONS} />
          </Form.Item>
          {requestType === 'CHANGE_LEAD_STAGE' && (
            <Form.Item
              name="targetStageId"
              label="Move to stage"
              rules={[{ required: true, message: 'Please choose the stage to move the lead to.' }]}
            >
              <StageTargetSelect
                aria-label="Move to stage"
                placeholder="Choose the stage"
                loading={stages.isFetching}
                stages={stageTargets}
              />
            </Form.Item>
          )}
          <Form.Item
            name="notes"
            label="Notes"
            rules={[
              {
                required: requestType === 'HOLD_LEAD' || requestType === 'DROP_LEAD',
                whitespace: true,
                message: 'Please enter a description.',
              },
              { max: NOTES_MAX, message: `The description cannot exceed ${NOTES_MAX} characters.` },
            ]}
          >
            <Input.TextArea rows={4} showCount maxLength={NOTES_MAX} />
          </Form.Item>
          {routeAsked && <ApprovalRoute route={route.data} loading={route.isLoading} error={route.error} />}
          <FormActions>
            <Button onClick={() => navigate(REGISTER_PATHS.lead)}>Cancel</Button>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              Send Request
            </Button>
          </FormActions>
        </Form>
      )}
    </FormPage>
  );
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Form, Select } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/components/dialogs';
import { FormPage } from '@/components/form-page';
import type { Crumb } from '@/components/page';
import { WizardSteps } from '@/components/wizard-steps';
import { StageRequirements, StageTargetSelect, targetLabel } from '@/components/stage-target';
import { errorMessage } from '@/lib/api/errors';
import { useSession } from '@/lib/session';
import { leadKeys } from '../api/keys';
import { createLead, filterOptionsQueryOptions } from '../api/leads-api';
import { clientsQueryOptions, projectTypesQueryOptions } from '@/lib/master-data';
import { clientContactsQueryOptions, sourcesQueryOptions } from '../api/lookups-api';
import type { LeadCreate } from '../api/types';
import { CompetitorField, PersonsInChargeField, ProjectNameField, ProjectTypeField, SourceField } from '../components/lead-fields';
import '../leads.css';

export const CREATE_STEPS = ['Client', 'Project', 'Sales'] as const;
export const LEAD_CREATED = 'Lead has been created successfully.';
export const SALES_PERSON_REQUIRED = 'Please choose a sales person';

export interface LeadCreateValues {
  clientId?: number;
  personInCharges?: number[];
  projectName?: string;
  projectType?: number;
  sourceId?: number;
  competitor?: string;
  salesId?: number;
  stageId?: number;
}

const STEP_FIELDS: Array<Array<keyof LeadCreateValues>> = [
  ['clientId', 'personInCharges'],
  ['projectName', 'projectType', 'sourceId', 'competitor'],
  ['salesId', 'stageId'],
];

/** The POST /leads body; empty choices are sent as null. */
export function toLeadCreate(values: LeadCreateValues): LeadCreate {
  const text = (v: string | undefined) => (v && v.trim() !== '' ? v.trim() : null);
  return {
    clientId: values.clientId ?? null,
    personInCharges: values.personInCharges ?? [],
    projectName: text(values.projectName),
    projectType: values.projectType ?? null,
    sourceId: values.sourceId ?? null,
    salesId: values.salesId ?? null,
    competitor: text(values.competitor),
    ...(values.stageId !== undefined ? { stageId: values.stageId } : {}),
  };
}

const labelOf = <T,>(items: T[] | undefined, id: number | undefined, key: (t: T) => number, name: (t: T) => string) => {
  const found = items?.find((i) => key(i) === id);
  return found ? name(found) : '-';
};

/** Where a create wizard sits: its trail, where Cancel goes, where a created lead goes (the board's by default). */
export interface LeadCreatePlace {
  breadcrumb: Crumb[];
  cancelTo: string;
  createdTo: (leadId: number) => string;
  /** The sales person must be chosen (Leads Management: an administrator gives the lead to someone). */
  requireSalesPerson?: boolean;
}

const BOARD_PLACE: LeadCreatePlace = {
  breadcrumb: [{ title: 'Leads', to: '/leads' }, { title: 'Add Lead' }],
  cancelTo: '/leads',
  createdTo: (leadId) => `/leads/${leadId}`,
};

/**
 * /leads/add (and Leads Management's add, with its own place): client and persons in charge, the project, then the sales person and the stage (the first one
 * by default). Whether a lead may start in a later stage is the server's rule: the stages' approval marks and
 * required fields are shown, and the server's refusal is shown as it words it.
 */
export function LeadCreatePage({ place = BOARD_PLACE }: { place?: LeadCreatePlace }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const [form] = Form.useForm<LeadCreateValues>();
  const [step, setStep] = useState(0);
  const [serverError, setServerError] = useState<string | null>(null);

  const clientId = Form.useWatch('clientId', form);
  const clients = useQuery(clientsQueryOptions());
  const contacts = useQuery(clientContactsQueryOptions(clientId));
  const projectTypes = useQuery(projectTypesQueryOptions());
  const sources = useQuery(sourcesQueryOptions());
  const options = useQuery(filterOptionsQueryOptions());
  const salesPersons = useMemo(() => options.data?.salesPersons ?? [], [options.data]);
  const stages = useMemo(() => options.data?.stages ?? [], [options.data]);
  const firstStage = stages[0];
  const stageId = Form.useWatch('stageId', form) as number | undefined;
  const chosenStage = stages.find((s) => s.id === stageId);

  // The first stage is the default.
  useEffect(() => {
    if (firstStage && form.getFieldValue('stageId') === undefined) form.setFieldValue('stageId', firstStage.id);
  }, [firstStage, form]);

  // The signed-in user is the default sales person when they are one.
  useEffect(() => {
    if (form.getFieldValue('salesId') !== undefined || !user) return;
    if (salesPersons.some((p) => p.id === user.id)) form.setFieldValue('salesId', user.id);
    else if (salesPersons.length === 1) form.setFieldValue('salesId', salesPersons[0].id);
  }, [salesPersons, user, form]);

  const create = useMutation({
    mutationFn: (body: LeadCreate) => createLead(body),
    onSuccess: async (lead) => {
      toast.success(LEAD_CREATED);
      await queryClient.invalidateQueries({ queryKey: leadKeys.all });
      navigate(place.createdTo(lead.id));
    },
    onError: (error) => setServerError(errorMessage(error, 'The lead could not be created.')),
  });

  const next = async () => {
    try {
      await form.validateFields(STEP_FIELDS[step]);
      setStep((s) => s + 1);
    } catch {
      // The form shows what is missing.
    }
  };

  const finish = async () => {
    setServerError(null);
    try {
      await form.validateFields();
    } catch {
      const firstBad = STEP_FIELDS.findIndex((fields) => fields.some((f) => form.getFieldError(f).length > 0));
      if (firstBad >= 0) setStep(firstBad);
      return;
    }
    create.mutate(toLeadCreate(form.getFieldsValue(true) as LeadCreateValues));
  };

  const values = Form.useWatch([], form) ?? {};

  return (
    <FormPage
      breadcrumb={place.breadcrumb}
      title="Add Lead"
      subtitle={`A new lead starts in ${firstStage ? targetLabel(firstStage) : 'the first stage'} unless you choose another stage.`}
      className="lead-wizard"
    >
      <WizardSteps className="lead-wizard__steps" current={step} steps={CREATE_STEPS} />
      {serverError && (
        <Alert type="error" showIcon title={serverError} className="form-alert" closable onClose={() => setServerError(null)} />
      )}
      <Form form={form} layout="vertical" preserve>
        <div hidden={step !== 0}>
          <Form.Item name="clientId" label="Client" rules={[{ required: true, message: 'Please choose client' }]}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              placeholder="Choose a client"
              loading={clients.isPending}
              options={(clients.data ?? []).map((c) => ({ value: c.id, label: c.clientName }))}
              onChange={() => form.setFieldValue('personInCharges', [])}
            />
          </Form.Item>
          <PersonsInChargeField clientId={clientId} />
        </div>
        <div hidden={step !== 1}>
          <ProjectNameField placeholder="e.g. Core Banking Network Refresh" />
          <ProjectTypeField />
          <SourceField placeholder="Where the lead came from" />
          <CompetitorField placeholder="Who else is bidding" />
        </div>
        <div hidden={step !== 2}>
          <Form.Item
            name="salesId"
            label="Sales Person"
            rules={place.requireSalesPerson ? [{ required: true, message: SALES_PERSON_REQUIRED }] : []}
          >
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              placeholder="Choose a sales person"
              loading={options.isPending}
              options={salesPersons.map((p) => ({ value: p.id, label: p.fullname }))}
            />
          </Form.Item>
          <Form.Item name="stageId" label="Stage">
            <StageTargetSelect
              aria-label="Stage"
              loading={options.isPending}
              stages={stages}
              selectable={() => true}
              style={{ maxWidth: 360 }}
            />
          </Form.Item>
          {chosenStage && chosenStage.id !== firstStage?.id && (
            <div style={{ marginBottom: 16 }} data-testid="create-stage-target">
              {chosenStage.needsApproval && (
                <Alert
                  type="info"
                  showIcon
                  style={{ marginBottom: 8 }}
                  title={`Entering ${targetLabel(chosenStage)} needs approval.`}
                />
              )}
              <StageRequirements stage={chosenStage} />
            </div>
          )}
          <Descriptions
            className="lead-wizard__summary"
            title="Summary"
            size="small"
            bordered
            column={1}
            items={[
              {
                key: 'client',
                label: 'Client',
                children: labelOf(clients.data, values.clientId, (c) => c.id, (c) => c.clientName),
              },
              {
                key: 'pic',
                label: 'Persons in Charge',
                children:
                  (values.personInCharges ?? [])
                    .map((id) => contacts.data?.data.find((c) => c.id === id)?.fullname)
                    .filter(Boolean)
                    .join(', ') || '-',
              },
              { key: 'project', label: 'Project Name', children: values.projectName || '-' },
              {
                key: 'type',
                label: 'Project Type',
                children: labelOf(projectTypes.data, values.projectType, (t) => t.id, (t) => t.projectTypeName),
              },
              {
                key: 'source',
                label: 'Source',
                children: labelOf(sources.data, values.sourceId, (s) => s.id, (s) => s.sourceName),
              },
              { key: 'competitor', label: 'Competitor', children: values.competitor || '-' },
              { key: 'stage', label: 'Stage', children: chosenStage ? targetLabel(chosenStage) : '-' },
            ]}
          />
        </div>
      </Form>
      <div className="lead-wizard__actions">
        <Button onClick={() => (step === 0 ? navigate(place.cancelTo) : setStep((s) => s - 1))}>
          {step === 0 ? 'Cancel' : 'Back'}
        </Button>
        {step < CREATE_STEPS.length - 1 ? (
          <Button type="primary" onClick={() => void next()}>
            Next
          </Button>
        ) : (
          <Button type="primary" loading={create.isPending} onClick={() => void finish()}>
            Create Lead
          </Button>
        )}
      </div>
    </FormPage>
  );
}

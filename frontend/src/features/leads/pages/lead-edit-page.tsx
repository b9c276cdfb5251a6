import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Result, Skeleton } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useRef, useState, type ComponentType } from 'react';
import { useNavigate, useParams } from 'react-router';
import { showSuccess, toast } from '@/components/dialogs';
import { FormPage } from '@/components/form-page';
import { WizardSteps } from '@/components/wizard-steps';
import { leadCrumbs, type Crumb } from '@/components/page';
import { errorMessage } from '@/lib/api/errors';
import { leadKeys } from '../api/keys';
import { leadFormQueryOptions, stageOptionsQueryOptions, updateLead } from '../api/leads-api';
import type { LeadFileKind, LeadUploads } from '../api/types';
import type { OwnerChangeDialogProps } from '../lib/composed';
import { DetailsStep } from '../components/edit/details-step';
import { FilesStep } from '../components/edit/files-step';
import { MoneyStep } from '../components/edit/money-step';
import { ServicesStep } from '../components/edit/services-step';
import { StageStep } from '../components/edit/stage-step';
import { LeadNotFound } from '@/components/lead-not-found';
import { EDIT_STEP_FIELDS, EDIT_STEPS, monthsBetween, toEditValues, toLeadUpdate, type LeadEditValues } from '../lib/edit-form';
import '../leads.css';

export const LEAD_UPDATED = 'Lead has been updated successfully.';
/** The server made the request for the stage that needs approval; its message says so. */
export const APPROVAL_TITLE = 'Approval requested';

/** Where an edit wizard sits: its trail, and where Cancel, a save and a load failure go back to. */
export interface LeadEditPlace {
  breadcrumb: (leadId: number, projectName: string) => Crumb[];
  backTo: (leadId: number) => string;
  /** Where a lead that could not be loaded goes back to (its list), and the button's text. */
  listTo: string;
  backLabel: string;
}

const BOARD_PLACE: LeadEditPlace = {
  breadcrumb: (leadId, projectName) => leadCrumbs(leadId, projectName, 'Edit'),
  backTo: (leadId) => `/leads/${leadId}`,
  listTo: '/leads',
  backLabel: 'Back to Leads',
};

/**
 * /leads/{id}/edit (and Leads Management's edit, with its own place): five steps; Save sends everything as
 * multipart and returns to the detail.
 */
export interface LeadEditPageProps {
  place?: LeadEditPlace;
  leadId?: string;
  /** Change Owner (Assignment Monitoring's dialog), given by the app to those who may change owners. */
  ownerChange?: ComponentType<OwnerChangeDialogProps>;
}

export function LeadEditPage({ place = BOARD_PLACE, leadId: given, ownerChange: OwnerChange }: LeadEditPageProps) {
  const params = useParams();
  const id = Number(given ?? params.leadId);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<LeadEditValues>();
  const [step, setStep] = useState(0);
  const [uploads, setUploads] = useState<LeadUploads>({});
  const [removed, setRemoved] = useState<LeadFileKind[]>([]);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [changingOwner, setChangingOwner] = useState(false);
  const loaded = useRef(false);

  const leadForm = useQuery({ ...leadFormQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
  const stageOptions = useQuery({ ...stageOptionsQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
  const lead = leadForm.data?.lead;

  useEffect(() => {
    if (!leadForm.data || loaded.current) return;
    loaded.current = true;
    form.setFieldsValue(toEditValues(leadForm.data));
  }, [leadForm.data, form]);

  const onValuesChange = (changed: Partial<LeadEditValues>, all: LeadEditValues) => {
    // Dates set the duration in months.
    if (('projectStartDate' in changed || 'projectEndDate' in changed) && all.projectStartDate && all.projectEndDate) {
      const start = all.projectStartDate as Dayjs;
      const end = all.projectEndDate as Dayjs;
      if (!end.isBefore(start, 'day')) form.setFieldValue('projectDuration', monthsBetween(start, end));
    }
  };

  const goToStep = async (target: number) => {
    if (target > step) {
      try {
        await form.validateFields(EDIT_STEP_FIELDS[step] as never[], { recursive: true });
      } catch {
        return;
      }
    }
    setStep(target);
  };

  const save = async () => {
    if (!lead) return;
    setSaveError(null);
    let values: LeadEditValues;
    try {
      await form.validateFields({ recursive: true });
      values = form.getFieldsValue(true) as LeadEditValues;
    } catch (error) {
      const fields = (error as { errorFields?: Array<{ name: (string | number)[] }> }).errorFields ?? [];
      const first = fields[0]?.name[0];
      const at = EDIT_STEP_FIELDS.findIndex((names) => names.includes(String(first)));
      if (at >= 0) setStep(at);
      return;
    }

    setSaving(true);
    try {
      const result = await updateLead(id, toLeadUpdate(values, removed), uploads);
      await queryClient.invalidateQueries({ queryKey: leadKeys.all });
      if (result.approvalRequired) {
        // The server has made the request (result.approvalId); its message says what happens next.
        await showSuccess({ title: APPROVAL_TITLE, content: result.message ?? LEAD_UPDATED });
      } else {
        toast.success(result.message ?? LEAD_UPDATED);
      }
      navigate(place.backTo(id));
    } catch (error) {
      const message = errorMessage(error, 'The lead could not be saved.');
      setSaveError(message);
      toast.error(message);
    } finally {
      setSaving(false);
    }
  };

  if (!Number.isInteger(id) || id <= 0) return <LeadNotFound />;
  if (leadForm.isError) {
    return (
      <Result
        status="error"
        title={errorMessage(leadForm.error, 'The lead could not be loaded.')}
        extra={<Button onClick={() => navigate(place.listTo)}>{place.backLabel}</Button>}
      />
    );
  }
  if (!lead) return <Skeleton active paragraph={{ rows: 10 }} />;

  const last = step === EDIT_STEPS.length - 1;
  return (
    <FormPage
      breadcrumb={place.breadcrumb(id, lead.projectName)}
      title="Edit Lead"
      subtitle={`${lead.clientName} · ${lead.projectName}`}
      className="lead-wizard"
    >
      <WizardSteps
        className="lead-wizard__steps"
        current={step}
        onChange={(target) => void goToStep(target)}
        steps={EDIT_STEPS}
      />
      {saveError && (
        <Alert type="error" showIcon title={saveError} className="form-alert" closable onClose={() => setSaveError(null)} />
      )}
      <Form form={form} layout="vertical" preserve onValuesChange={onValuesChange}>
        <div hidden={step !== 0}>
          <DetailsStep
            clientId={lead.clientId}
            clientName={lead.clientName}
            owner={{ name: lead.salesFullname, onChange: OwnerChange && (() => setChangingOwner(true)) }}
          />
        </div>
        <div hidden={step !== 1}>
          <MoneyStep />
        </div>
        <div hidden={step !== 2}>
          <ServicesStep />
        </div>
        <div hidden={step !== 3}>
          <FilesStep
            stored={{
              proposalFile: lead.proposalFile,
              projectCostSheetFile: lead.projectCostSheetFile,
              customerConfirmationDocumentFile: lead.customerConfirmationDocumentFile,
            }}
            uploads={uploads}
            removed={removed}
            onChoose={(kind, file) => {
              setUploads((u) => ({ ...u, [kind]: file }));
              if (file) setRemoved((r) => r.filter((k) => k !== kind));
            }}
            onToggleRemove={(kind) =>
              setRemoved((r) => (r.includes(kind) ? r.filter((k) => k !== kind) : [...r, kind]))
            }
          />
        </div>
        <div hidden={step !== 4}>
          <StageStep
            options={stageOptions.data}
            loading={stageOptions.isPending}
            error={stageOptions.isError ? errorMessage(stageOptions.error, 'The stages could not be loaded.') : null}
          />
        </div>
      </Form>
      {OwnerChange && (
        <OwnerChange
          leads={[{ id: lead.id, projectName: lead.projectName, salesPersonId: lead.salesPersonId, salesFullname: lead.salesFullname }]}
          open={changingOwner}
          onClose={() => setChangingOwner(false)}
          // the form keeps what it loaded (typing is not reset): the owner shown is read again
          onDone={() => void leadForm.refetch()}
        />
      )}
      <div className="lead-wizard__actions">
        <Button onClick={() => (step === 0 ? navigate(place.backTo(id)) : setStep((s) => s - 1))}>
          {step === 0 ? 'Cancel' : 'Back'}
        </Button>
        <div style={{ display: 'flex', gap: 8 }}>
          {!last && <Button onClick={() => void goToStep(step + 1)}>Next</Button>}
          <Button type="primary" loading={saving} onClick={() => void save()}>
            Save
          </Button>
        </div>
      </div>
    </FormPage>
  );
}

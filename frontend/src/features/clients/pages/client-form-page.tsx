import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Result, Skeleton } from 'antd';
import type { Rule } from 'antd/es/form';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { ContactForm } from '@/components/contact-fields';
import { toast } from '@/components/dialogs';
import { FormActions, FormPage, systemCrumbs } from '@/components/form-page';
import { WizardSteps } from '@/components/wizard-steps';
import { errorMessage, isApiError } from '@/lib/api/errors';
import { useFormValid, validatedValues } from '@/lib/form';
import { clientKeys } from '../api/keys';
import {
  checkClientCode,
  checkClientName,
  checkPersonnelAvailability,
  CLIENT_CODE_LENGTH,
  clientQueryOptions,
  codeErrorMessage,
  createClient,
  updateClient,
  type ClientDetail,
  type ClientIn,
} from '../api/clients-api';
import { ClientDetailFields, type ClientDetailValues } from '../components/client-detail-fields';
import type { PersonnelItem } from '../components/personnel-modal';
import { PersonnelStep } from '../components/personnel-step';
import { CLIENT_LIST_PATH } from './client-list-page';

export const CLIENT_STEPS = ['Client Detail', 'Personnel'] as const;

const INITIAL_VALUES: Partial<ClientDetailValues> = { isActive: true };

const sameText = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();

function detailValues(client: ClientDetail): ClientDetailValues {
  return {
    clientName: client.clientName,
    legalName: client.legalName,
    clientCode: (client.clientCode ?? '').toUpperCase(),
    industry: client.industry,
    address: client.address,
    country: client.country,
    province: client.province ?? undefined,
    city: client.city ?? undefined,
    zipCode: client.zipCode === null || client.zipCode === undefined ? undefined : String(client.zipCode),
    affiliate: client.affiliate,
    npwp: client.npwp ?? undefined,
    isActive: client.isActive,
  };
}

function personnelItems(client: ClientDetail): PersonnelItem[] {
  return (client.personnel ?? []).map((p) => ({
    key: `id-${p.id}`,
    id: p.id,
    fullname: p.fullname,
    nickname: p.nickname,
    gender: p.gender as PersonnelItem['gender'],
    position: p.position,
    division: p.division,
    email: p.email,
    phoneNumber: p.phoneNumber,
    linkedin: p.linkedin,
  }));
}

function toClientForm(values: ClientDetailValues, personnel: PersonnelItem[], id: number | undefined): ClientIn {
  const text = (v: string | undefined | null) => (v && v.trim() !== '' ? v.trim() : null);
  return {
    ...(id !== undefined ? { id } : {}),
    clientCode: values.clientCode.toUpperCase(),
    clientName: values.clientName.trim(),
    legalName: values.legalName.trim(),
    industry: values.industry as number,
    address: values.address.trim(),
    country: values.country as number,
    province: values.province ?? null,
    city: values.city ?? null,
    zipCode: text(values.zipCode),
    affiliate: values.affiliate as number,
    npwp: text(values.npwp),
    isActive: values.isActive ?? true,
    personnel: personnel.map(({ key: _key, ...rest }) => rest),
  };
}

/**
 * /system/client-management/{clientId} ('add' for a new client): step 1 'Client Detail',
 * step 2 'Personnel'; Finish saves and goes back one page.
 */
export function ClientFormPage() {
  const { clientId: param } = useParams();
  const isNew = param === undefined || param === 'add';
  const clientId = isNew ? undefined : Number(param);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ClientDetailValues>();
  const [step, setStep] = useState(0);
  const [nameChecking, setNameChecking] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [personnel, setPersonnel] = useState<PersonnelItem[]>([]);
  const loaded = useRef(false);

  const detail = useQuery({ ...clientQueryOptions(clientId ?? NaN), enabled: clientId !== undefined && Number.isFinite(clientId) });

  useEffect(() => {
    if (!detail.data || loaded.current) return;
    loaded.current = true;
    form.setFieldsValue(detailValues(detail.data));
    setPersonnel(personnelItems(detail.data));
  }, [detail.data, form]);

  // One request per distinct code: the rule also runs when the form checks its own validity.
  const codeChecks = useRef(new Map<string, Promise<string | null>>());
  const checkCode = useCallback(
    (code: string) => {
      let pending = codeChecks.current.get(code);
      if (!pending) {
        pending = checkClientCode({ clientCode: code, ...(clientId !== undefined ? { clientId } : {}) }).then(
          () => null,
          (error: unknown) => (isApiError(error) && error.status === 409 ? codeErrorMessage(error) : null),
        );
        codeChecks.current.set(code, pending);
      }
      return pending;
    },
    [clientId],
  );
  const codeRule = useMemo<Rule>(
    () => ({
      validator: async (_, value: string | undefined) => {
        if (!value || value.length !== CLIENT_CODE_LENGTH) return;
        const refusal = await checkCode(value.toUpperCase());
        if (refusal) throw new Error(refusal);
      },
    }),
    [checkCode],
  );

  // Next is enabled only while step 1 validates (the code check included).
  const valid = useFormValid(form);

  const next = async () => {
    setFormError(null);
    const step1 = await validatedValues(form);
    if (!step1) return;
    setNameChecking(true);
    try {
      await checkClientName({
        name: step1.clientName.trim(),
        variant: isNew ? 'create' : 'update',
        ...(clientId !== undefined ? { clientId } : {}),
      });
      setStep(1);
    } catch (error) {
      setFormError(errorMessage(error, 'The client name could not be checked.'));
    } finally {
      setNameChecking(false);
    }
  };

  const checkPersonnel = useCallback(
    async (entry: ContactForm, editing: PersonnelItem | null) => {
      const clash = personnel.find(
        (p) => p.key !== editing?.key && sameText(p.fullname, entry.fullname) && sameText(p.position, entry.position),
      );
      const clientName = form.getFieldValue('clientName') as string;
      if (clash) return `Contact '${entry.fullname}' with position '${entry.position}' already exists for ${clientName}.`;
      if (clientId === undefined) return null;
      try {
        await checkPersonnelAvailability({
          name: entry.fullname,
          variant: entry.id !== undefined ? 'update' : 'create',
          clientId,
          position: entry.position,
          ...(entry.id !== undefined ? { id: entry.id } : {}),
        });
        return null;
      } catch (error) {
        return isApiError(error) && error.status === 409 ? error.firstMessage : null;
      }
    },
    [personnel, form, clientId],
  );

  const finish = async () => {
    setSaveError(null);
    const step1 = form.getFieldsValue(true) as ClientDetailValues;
    const body = toClientForm(step1, personnel, clientId);
    setSaving(true);
    try {
      if (isNew) await createClient(body);
      else await updateClient(body);
      toast.success(`'${body.clientName}' has been ${isNew ? 'added' : 'updated'} successfully.`);
      await queryClient.invalidateQueries({ queryKey: clientKeys.all });
      navigate(-1);
    } catch (error) {
      const message = errorMessage(error);
      setSaveError(message);
      toast.error(isNew ? `Failed to add '${body.clientName}'.` : `Failed to update '${body.clientName}' data.`, message);
    } finally {
      setSaving(false);
    }
  };

  const title = isNew ? 'Add Client' : 'Edit Client';
  const loading = !isNew && detail.isPending;
  const failed = !isNew && (detail.isError || !Number.isFinite(clientId));

  return (
    <FormPage
      breadcrumb={systemCrumbs('Client Management', CLIENT_LIST_PATH, title)}
      title={title}
      subtitle={isNew ? 'Register a client company and its personnel.' : 'Update the client company and its personnel.'}
    >
      {failed ? (
        <Result
          status="warning"
          title="Error loading data"
          subTitle={detail.error ? errorMessage(detail.error) : undefined}
          extra={<Button onClick={() => navigate(CLIENT_LIST_PATH)}>Back to Client Management</Button>}
        />
      ) : loading ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <>
          <WizardSteps className="client-steps" current={step} steps={CLIENT_STEPS} />
          <Form<ClientDetailValues>
            form={form}
            layout="vertical"
            validateTrigger={['onChange', 'onBlur']}
            initialValues={INITIAL_VALUES}
            hidden={step !== 0}
            onValuesChange={(changed: Partial<ClientDetailValues>) => {
              setFormError(null);
              if ('country' in changed) form.setFieldsValue({ province: undefined, city: undefined });
              if ('province' in changed) form.setFieldsValue({ city: undefined });
            }}
          >
            {formError && <Alert type="error" showIcon title={formError} className="form-alert" />}
            <ClientDetailFields form={form} codeRule={codeRule} />
            <FormActions>
              <Button onClick={() => navigate(-1)}>Cancel</Button>
              <Button type="primary" disabled={!valid} loading={nameChecking} onClick={() => void next()}>
                Next
              </Button>
            </FormActions>
          </Form>
          {step === 1 && (
            <>
              {saveError && <Alert type="error" showIcon title={saveError} className="form-alert" />}
              <PersonnelStep items={personnel} onChange={setPersonnel} check={checkPersonnel} />
              <FormActions>
                <Button onClick={() => setStep(0)} disabled={saving}>
                  Back
                </Button>
                <Button type="primary" loading={saving} onClick={() => void finish()}>
                  Finish
                </Button>
              </FormActions>
            </>
          )}
        </>
      )}
    </FormPage>
  );
}

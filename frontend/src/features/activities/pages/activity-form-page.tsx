import { AudioOutlined, EnvironmentOutlined, PaperClipOutlined, PictureOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Card, Form, Input, Segmented, Select, Typography } from 'antd';
import type dayjs from 'dayjs';
import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { showConfirm, toast } from '@/components/dialogs';
import { LeadNotFound } from '@/components/lead-not-found';
import { leadCrumbs, Page } from '@/components/page';
import { isApiError, serverMessages } from '@/lib/api/errors';
import { fieldErrors, validatedValues } from '@/lib/form';
import { invalidateDomains, queryDomains } from '@/lib/query-domains';
import { createActivity, picsQueryOptions, type ActivityCreate } from '../api/activities-api';
import { activityKeys } from '../api/keys';
import { AttachmentPicker, type Attachment } from '../components/attachment-picker';
import { FinishActions, useFieldProblems } from '../components/finish-actions';
import { EMPTY_LOCATION, LocationPicker, locationPart, type LocationValue } from '../components/location-picker';
import { NextSteps, type NextStepValue } from '../components/next-steps';
import { VoiceRecorder, type VoiceNote } from '../components/voice-recorder';
import { typeLabel, typeOfSlug } from '../lib/activity-types';
import '../activities.css';

// spec 2 §5, §8
export const NOTES_REQUIRED = 'Please enter notes';
export const NOTES_TOO_LONG = 'Notes cannot exceed 1024 characters';
export const PIC_REQUIRED = 'Please choose person in charge';
export const CREATED = 'Activity has been started successfully.';
export const CREATE_FAILED = 'Failed to create activity';
const NOTES_MAX = 1024;

interface Values {
  personInCharge?: number;
  notes?: string;
  schedule?: NextStepValue[];
}

/** What the app gives the page about the lead (from the leads feature). */
export interface ActivityLead {
  id: number;
  projectName: string;
  clientName: string;
}

export interface ActivityFormPageProps {
  /** The lead once loaded; undefined while it loads. */
  lead?: ActivityLead;
  /** The lead's details for the left column. */
  leadPanel?: ReactNode;
  /** The lead could not be loaded (404: not found or not visible). */
  leadError?: unknown;
}

function Section({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <section className="activity-section" aria-label={title}>
      <Typography.Title level={5} className="activity-section__title">
        {icon} {title}
      </Typography.Title>
      {children}
    </section>
  );
}

/** Back where the form was opened from, or to the lead when it was opened directly. */
function useGoBack(leadId: number) {
  const navigate = useNavigate();
  return () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate(`/leads/${leadId}`, { replace: true });
  };
}

/**
 * /leads/{leadId}/activity/add/{media} (spec 2 §2.8): the lead on the left, the activity in the middle, its next
 * steps on the right; on a phone one flow with the form first. `?quick=1` is the second variant (all optional).
 */
export function ActivityFormPage({ lead, leadPanel, leadError }: ActivityFormPageProps) {
  const { leadId, media } = useParams();
  const id = Number(leadId);
  const type = typeOfSlug(media);
  const [params, setParams] = useSearchParams();
  const quick = params.get('quick') === '1';

  if (!type || !Number.isInteger(id) || id <= 0 || (isApiError(leadError) && leadError.status === 404)) {
    return <LeadNotFound />;
  }
  const title = `New ${type.label}`;
  return (
    <Page
      className="activity-form-page"
      breadcrumb={leadCrumbs(id, lead?.projectName ?? 'Lead', title)}
      title={title}
      subtitle={lead ? `${lead.clientName} · ${lead.projectName}` : undefined}
      subtitleEllipsis
      loading={!lead && !leadError}
      error={leadError}
      extra={
        <Segmented
          className="activity-form-page__variant"
          value={quick ? 'quick' : 'report'}
          options={[
            { value: 'report', label: 'Full report' },
            { value: 'quick', label: 'Quick note' },
          ]}
          onChange={(v) => setParams(v === 'quick' ? { quick: '1' } : {}, { replace: true })}
        />
      }
    >
      {lead && (
        <ActivityForm
          leadId={id}
          type={type.value}
          quick={quick}
          leadPanel={leadPanel}
          onQuick={() => setParams({ quick: '1' }, { replace: true })}
        />
      )}
    </Page>
  );
}

interface ActivityFormProps {
  leadId: number;
  type: number;
  quick: boolean;
  leadPanel?: ReactNode;
  /** Switch to the second variant (a quick note), keeping what was entered. */
  onQuick: () => void;
}

/** A next step nothing was entered in (the one the full report starts with). */
const blankStep = (s: NextStepValue | undefined) => !s?.activity && !s?.dateAndTime && !s?.remark?.trim();

/** The form itself, mounted once the lead is known (its validity is checked from its first render). */
function ActivityForm({ leadId: id, type, quick, leadPanel, onQuick }: ActivityFormProps) {
  const [form] = Form.useForm<Values>();
  const problems = useFieldProblems(form);
  const goBack = useGoBack(id);
  const queryClient = useQueryClient();
  const pics = useQuery({ ...picsQueryOptions(id), enabled: id > 0 });
  const [voice, setVoice] = useState<VoiceNote[]>([]);
  const [photos, setPhotos] = useState<Attachment[]>([]);
  const [files, setFiles] = useState<Attachment[]>([]);
  const [location, setLocation] = useState<LocationValue>(EMPTY_LOCATION);
  const [failure, setFailure] = useState<string | null>(null);

  // the first variant plans a next step: the list starts with one; a quick note needs none (a blank one goes)
  useEffect(() => {
    const steps: NextStepValue[] = form.getFieldValue('schedule') ?? [];
    if (!quick && steps.length === 0) form.setFieldValue('schedule', [{}]);
    if (quick && steps.some(blankStep)) form.setFieldValue('schedule', steps.filter((step) => !blankStep(step)));
    void form.validateFields({ validateOnly: true }).catch(() => undefined);
  }, [quick, form]);

  // a lead with one person in charge: that is who was met
  useEffect(() => {
    if (pics.data?.length === 1 && form.getFieldValue('personInCharge') === undefined)
      form.setFieldValue('personInCharge', pics.data[0].picId);
  }, [pics.data, form]);

  const save = useMutation({
    mutationFn: (values: Values) => {
      const pic = pics.data?.find((p) => p.picId === values.personInCharge);
      const data: ActivityCreate = {
        leadsId: id,
        type,
        variant: quick ? 2 : 1,
        personInCharge: pic ? { value: pic.picId, label: pic.picName } : null,
        notes: values.notes?.trim() ? values.notes : null,
        location: locationPart(location),
        schedule: (values.schedule ?? []).map((s) => ({
          activity: s.activity ? { value: s.activity, label: typeLabel(s.activity) } : null,
          dateAndTime: s.dateAndTime ? (s.dateAndTime as dayjs.Dayjs).format() : null,
          remark: s.remark?.trim() || null,
        })),
      };
      return createActivity(data, {
        recordings: voice.map((v) => v.file),
        photos: photos.map((p) => p.file),
        files: files.map((f) => f.file),
      });
    },
    onSuccess: async () => {
      toast.success(CREATED);
      await invalidateDomains(queryClient, queryDomains.leads);
      await queryClient.invalidateQueries({ queryKey: activityKeys.all });
      goBack();
    },
    onError: (error) => {
      const reasons = serverMessages(error);
      setFailure(reasons.join(' ') || null);
      toast.error(CREATE_FAILED, reasons.join(' ') || undefined);
      form.setFields(fieldErrors(error, ['notes', 'personInCharge', 'schedule']) as Parameters<typeof form.setFields>[0]);
    },
  });

  const cancel = () => {
    void showConfirm({ title: 'Cancel Activity?', content: 'You will lose any progress you have made.' }).then(
      (yes) => yes && goBack(),
    );
  };

  const finish = async () => {
    setFailure(null);
    const values = await validatedValues(form);
    if (values) save.mutate(values);
  };


  return (
      <Form form={form} layout="vertical" requiredMark={!quick} className="activity-grid">
        <div className="activity-grid__form">
          <Card variant="borderless" className="activity-card">
            {failure !== null && (
              <Alert type="error" showIcon title={CREATE_FAILED} description={failure || undefined} className="activity-form__failure" />
            )}
            <Form.Item
              name="personInCharge"
              label="Person in Charge"
              rules={[{ required: !quick, message: PIC_REQUIRED }]}
            >
              <Select
                allowClear
                placeholder={pics.data?.length === 0 ? 'No Person in Charge' : 'Choose person in charge'}
                loading={pics.isLoading}
                options={(pics.data ?? []).map((p) => ({ value: p.picId, label: p.picName }))}
              />
            </Form.Item>
            <Form.Item
              name="notes"
              label="Notes"
              rules={[
                { required: !quick, whitespace: true, message: NOTES_REQUIRED },
                { max: NOTES_MAX, message: NOTES_TOO_LONG },
              ]}
            >
              <Input.TextArea
                rows={5}
                showCount={{ formatter: ({ count }) => `${count}/${NOTES_MAX}` }}
                placeholder="What happened, what was agreed"
              />
            </Form.Item>
            <Section icon={<AudioOutlined />} title="Voice Notes">
              <VoiceRecorder value={voice} onChange={setVoice} />
            </Section>
            <Section icon={<PictureOutlined />} title="Photos">
              <AttachmentPicker photos value={photos} onChange={setPhotos} />
            </Section>
            <Section icon={<PaperClipOutlined />} title="Files">
              <AttachmentPicker value={files} onChange={setFiles} />
            </Section>
            <Section icon={<EnvironmentOutlined />} title="Location">
              <LocationPicker value={location} onChange={setLocation} />
            </Section>
          </Card>
        </div>
        <aside className="activity-grid__plans">
          <Card variant="borderless" className="activity-card" title="Activity Schedule">
            <NextSteps leadId={id} required={!quick} />
          </Card>
        </aside>
        <FinishActions
          form={form}
          problems={problems}
          saving={save.isPending}
          quick={quick}
          onCancel={cancel}
          onFinish={() => void finish()}
          onQuick={onQuick}
        />
        <aside className="activity-grid__lead" aria-label="Lead details">
          {leadPanel}
        </aside>
      </Form>
  );
}

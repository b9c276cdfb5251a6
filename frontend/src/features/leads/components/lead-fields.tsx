import { useQuery } from '@tanstack/react-query';
import { Form, Input, Select } from 'antd';
import { clientContactsQueryOptions, projectTypesQueryOptions, sourcesQueryOptions } from '../api/lookups-api';

/** The fields the Add Lead wizard and the edit wizard's details step share: one definition each. */

export function ProjectNameField({ placeholder }: { placeholder?: string }) {
  return (
    <Form.Item
      name="projectName"
      label="Project Name"
      rules={[
        { required: true, whitespace: true, message: 'Please enter project name' },
        { max: 200, message: 'Project name cannot exceed 200 characters' },
      ]}
    >
      <Input placeholder={placeholder} maxLength={200} />
    </Form.Item>
  );
}

export function ProjectTypeField() {
  const projectTypes = useQuery(projectTypesQueryOptions());
  return (
    <Form.Item name="projectType" label="Project Type">
      <Select
        allowClear
        placeholder="Choose a project type"
        loading={projectTypes.isPending}
        options={(projectTypes.data ?? []).map((t) => ({ value: t.id, label: t.projectTypeName }))}
      />
    </Form.Item>
  );
}

export function SourceField({ placeholder = 'Choose a source' }: { placeholder?: string }) {
  const sources = useQuery(sourcesQueryOptions());
  return (
    <Form.Item name="sourceId" label="Source">
      <Select
        allowClear
        placeholder={placeholder}
        loading={sources.isPending}
        options={(sources.data ?? []).map((s) => ({ value: s.id, label: s.sourceName }))}
      />
    </Form.Item>
  );
}

export function CompetitorField({ placeholder }: { placeholder?: string }) {
  return (
    <Form.Item name="competitor" label="Competitor" rules={[{ max: 200 }]}>
      <Input placeholder={placeholder} maxLength={200} />
    </Form.Item>
  );
}

/** The client's contacts; disabled until a client is chosen. */
export function PersonsInChargeField({ clientId }: { clientId: number | undefined }) {
  const contacts = useQuery(clientContactsQueryOptions(clientId));
  return (
    <Form.Item name="personInCharges" label="Persons in Charge" extra={clientId ? undefined : 'Choose a client first.'}>
      <Select
        mode="multiple"
        placeholder="Contacts of the client"
        disabled={!clientId}
        loading={contacts.isFetching}
        showSearch={{ optionFilterProp: 'label' }}
        notFoundContent={clientId && !contacts.isFetching ? 'No contacts for this client.' : undefined}
        options={(contacts.data?.data ?? []).map((c) => ({
          value: c.id,
          label: c.position ? `${c.fullname} — ${c.position}` : c.fullname,
        }))}
      />
    </Form.Item>
  );
}

import { useQuery } from '@tanstack/react-query';
import { Form, Input, Select } from 'antd';
import type { SelectProps } from 'antd';
import { CascadeSelect } from '@/components/cascade-select';
import { entitiesQueryOptions, projectTypesQueryOptions } from '@/lib/master-data';
import {
  clientContactsQueryOptions,
  serviceCategoryMapQueryOptions,
  sourcesQueryOptions,
  unitsQueryOptions,
} from '../api/lookups-api';

/**
 * The fields the Add Lead wizard, the edit wizard and the stage pages share: one definition each. The
 * bare selects take the value and onChange a Form.Item gives them.
 */

type Choice<T = number> = Omit<SelectProps<T>, 'options' | 'loading'>;

export function ProjectTypeSelect(props: Choice) {
  const projectTypes = useQuery(projectTypesQueryOptions());
  return (
    <Select
      allowClear
      placeholder="Choose a project type"
      {...props}
      loading={projectTypes.isPending}
      options={(projectTypes.data ?? []).map((t) => ({ value: t.id, label: t.projectTypeName }))}
    />
  );
}

export function SourceSelect(props: Choice) {
  const sources = useQuery(sourcesQueryOptions());
  return (
    <Select
      allowClear
      placeholder="Choose a source"
      {...props}
      loading={sources.isPending}
      options={(sources.data ?? []).map((s) => ({ value: s.id, label: s.sourceName }))}
    />
  );
}

export function EntitySelect(props: Choice) {
  const entities = useQuery(entitiesQueryOptions());
  return (
    <Select
      allowClear
      placeholder="Choose an entity"
      {...props}
      loading={entities.isPending}
      options={(entities.data ?? []).map((e) => ({ value: e.id, label: e.entityName }))}
    />
  );
}

export function UnitSelect(props: Choice) {
  const units = useQuery(unitsQueryOptions());
  return (
    <Select
      allowClear
      placeholder="Choose a unit"
      {...props}
      loading={units.isPending}
      options={(units.data ?? []).map((u) => ({ value: u.id, label: u.unitName }))}
    />
  );
}

/** Service categories by id (the stage pages; the edit wizard also picks sub-categories). */
export function ServiceCategoriesSelect(props: Choice<number[]>) {
  const map = useQuery(serviceCategoryMapQueryOptions());
  return (
    <Select
      mode="multiple"
      placeholder="Choose service categories"
      showSearch={{ optionFilterProp: 'label' }}
      {...props}
      loading={map.isPending}
      options={(map.data ?? []).map((c) => ({ value: c.id, label: c.serviceCategoryName }))}
    />
  );
}

/** The client's contacts; disabled until a client is chosen. */
export function ContactsSelect({ clientId, ...props }: Choice<number[]> & { clientId: number | undefined }) {
  const contacts = useQuery(clientContactsQueryOptions(clientId));
  return (
    <CascadeSelect
      mode="multiple"
      placeholder="Contacts of the client"
      {...props}
      parent={clientId}
      lookup={contacts}
      empty="No contacts for this client."
      options={(contacts.data?.data ?? []).map((c) => ({
        value: c.id,
        label: c.position ? `${c.fullname} — ${c.position}` : c.fullname,
      }))}
    />
  );
}

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
  return (
    <Form.Item name="projectType" label="Project Type">
      <ProjectTypeSelect />
    </Form.Item>
  );
}

export function SourceField({ placeholder = 'Choose a source' }: { placeholder?: string }) {
  return (
    <Form.Item name="sourceId" label="Source">
      <SourceSelect placeholder={placeholder} />
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
  return (
    <Form.Item name="personInCharges" label="Persons in Charge" extra={clientId ? undefined : 'Choose a client first.'}>
      <ContactsSelect clientId={clientId} />
    </Form.Item>
  );
}

import { useQuery } from '@tanstack/react-query';
import { Col, Form, Input, Row, Select } from 'antd';
import {
  clientContactsQueryOptions,
  entitiesQueryOptions,
  projectTypesQueryOptions,
  sourcesQueryOptions,
  unitsQueryOptions,
} from '../../api/lookups-api';
import { SUBSCRIPTION_OPTIONS } from '../../lib/labels';

/** Step 1: what the project is and who is involved. */
export function DetailsStep({ clientId, clientName }: { clientId: number; clientName: string }) {
  const projectTypes = useQuery(projectTypesQueryOptions());
  const sources = useQuery(sourcesQueryOptions());
  const entities = useQuery(entitiesQueryOptions());
  const units = useQuery(unitsQueryOptions());
  const contacts = useQuery(clientContactsQueryOptions(clientId));
  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Form.Item label="Client">
          <Input value={clientName} disabled />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          name="projectName"
          label="Project Name"
          rules={[
            { required: true, whitespace: true, message: 'Please enter project name' },
            { max: 200, message: 'Project name cannot exceed 200 characters' },
          ]}
        >
          <Input maxLength={200} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="projectType" label="Project Type">
          <Select
            allowClear
            placeholder="Choose a project type"
            loading={projectTypes.isPending}
            options={(projectTypes.data ?? []).map((t) => ({ value: t.id, label: t.projectTypeName }))}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="sourceId" label="Source">
          <Select
            allowClear
            placeholder="Choose a source"
            loading={sources.isPending}
            options={(sources.data ?? []).map((s) => ({ value: s.id, label: s.sourceName }))}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="entityId" label="Entity">
          <Select
            allowClear
            placeholder="Choose an entity"
            loading={entities.isPending}
            options={(entities.data ?? []).map((e) => ({ value: e.id, label: e.entityName }))}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="unitId" label="Unit">
          <Select
            allowClear
            placeholder="Choose a unit"
            loading={units.isPending}
            options={(units.data ?? []).map((u) => ({ value: u.id, label: u.unitName }))}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="subscriptionType" label="Subscription Type">
          <Select allowClear placeholder="One time or recurring" options={SUBSCRIPTION_OPTIONS} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="competitor" label="Competitor" rules={[{ max: 200 }]}>
          <Input maxLength={200} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="decisionMaker" label="Decision Maker" rules={[{ max: 150 }]}>
          <Input maxLength={150} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="personInCharges" label="Persons in Charge">
          <Select
            mode="multiple"
            placeholder="Contacts of the client"
            loading={contacts.isPending}
            showSearch={{ optionFilterProp: 'label' }}
            options={(contacts.data?.data ?? []).map((c) => ({
              value: c.id,
              label: c.position ? `${c.fullname} — ${c.position}` : c.fullname,
            }))}
          />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item name="projectDescription" label="Project Description" rules={[{ max: 5000 }]}>
          <Input.TextArea rows={4} maxLength={5000} showCount />
        </Form.Item>
      </Col>
    </Row>
  );
}

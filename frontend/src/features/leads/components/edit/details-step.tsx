import { useQuery } from '@tanstack/react-query';
import { Col, Form, Input, Row, Select } from 'antd';
import { entitiesQueryOptions, unitsQueryOptions } from '../../api/lookups-api';
import { SUBSCRIPTION_OPTIONS } from '../../lib/labels';
import { CompetitorField, PersonsInChargeField, ProjectNameField, ProjectTypeField, SourceField } from '../lead-fields';

/** Step 1: what the project is and who is involved. */
export function DetailsStep({ clientId, clientName }: { clientId: number; clientName: string }) {
  const entities = useQuery(entitiesQueryOptions());
  const units = useQuery(unitsQueryOptions());
  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Form.Item label="Client">
          <Input value={clientName} disabled />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <ProjectNameField />
      </Col>
      <Col xs={24} md={12}>
        <ProjectTypeField />
      </Col>
      <Col xs={24} md={12}>
        <SourceField />
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
        <CompetitorField />
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="decisionMaker" label="Decision Maker" rules={[{ max: 150 }]}>
          <Input maxLength={150} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <PersonsInChargeField clientId={clientId} />
      </Col>
      <Col span={24}>
        <Form.Item name="projectDescription" label="Project Description" rules={[{ max: 5000 }]}>
          <Input.TextArea rows={4} maxLength={5000} showCount />
        </Form.Item>
      </Col>
    </Row>
  );
}

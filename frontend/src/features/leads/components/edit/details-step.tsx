import { UserSwitchOutlined } from '@ant-design/icons';
import { Button, Col, Form, Input, Row, Select, Space } from 'antd';
import { SUBSCRIPTION_OPTIONS } from '../../lib/labels';
import {
  CompetitorField,
  EntitySelect,
  PersonsInChargeField,
  ProjectNameField,
  ProjectTypeField,
  SourceField,
  UnitSelect,
} from '../lead-fields';

export interface DetailsStepProps {
  clientId: number;
  clientName: string;
  /** The lead's sales person; `onChange` (for those who may change owners) opens Change Owner, its own call and
   *  history: the owner is not one of the edit's fields. */
  owner?: { name: string; onChange?: () => void };
}

/** Step 1: what the project is and who is involved. */
export function DetailsStep({ clientId, clientName, owner }: DetailsStepProps) {
  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Form.Item label="Client">
          <Input value={clientName} disabled />
        </Form.Item>
      </Col>
      {owner && (
        <Col xs={24} md={12}>
          <Form.Item label="Sales Person" htmlFor="lead-edit-owner">
            <Space.Compact block>
              <Input id="lead-edit-owner" value={owner.name} disabled />
              {owner.onChange && (
                <Button icon={<UserSwitchOutlined />} onClick={owner.onChange}>
                  Change Owner
                </Button>
              )}
            </Space.Compact>
          </Form.Item>
        </Col>
      )}
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
          <EntitySelect />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="unitId" label="Unit">
          <UnitSelect />
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

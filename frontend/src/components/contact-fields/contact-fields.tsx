import { Col, Form, Input, Row, Select } from 'antd';
import type { FormInstance } from 'antd';
import { useMemo } from 'react';
import { PhoneInput } from '@/components/phone-input';
import { contactRules, GENDER_OPTIONS, type ContactVariant } from './contact-rules';

/**
 * The person fields shared by the contact form and the client wizard's personnel modal:
 * full name, nickname, gender, position, division, email, phone and LinkedIn.
 */
export function ContactFields({ form, variant }: { form: FormInstance; variant: ContactVariant }) {
  const rules = useMemo(() => contactRules(variant, () => form.getFieldValue('phoneNumber')), [form, variant]);
  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Form.Item name="fullname" label="Full Name" rules={rules.fullname}>
          <Input placeholder="Full name" maxLength={150} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="nickname" label="Nickname">
          <Input placeholder="Nickname" maxLength={60} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="gender" label="Gender" rules={rules.gender}>
          <Select placeholder="Choose gender" options={GENDER_OPTIONS} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="position" label="Position" rules={rules.position}>
          <Input placeholder="Position" maxLength={100} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="division" label="Division" rules={rules.division}>
          <Input placeholder="Division" maxLength={100} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="email" label="Email" rules={rules.email} dependencies={['phoneNumber']}>
          <Input placeholder="name@company.com" maxLength={150} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="phoneNumber" label="Phone Number" rules={rules.phoneNumber}>
          <PhoneInput placeholder="62812xxxxxxx" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="linkedin" label="LinkedIn">
          <Input placeholder="https://www.linkedin.com/in/…" maxLength={250} />
        </Form.Item>
      </Col>
    </Row>
  );
}

import { useQuery } from '@tanstack/react-query';
import { Col, Form, Input, Row, Select, Switch } from 'antd';
import type { FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import {
  affiliatesQueryOptions,
  citiesQueryOptions,
  countriesQueryOptions,
  industriesQueryOptions,
  provincesQueryOptions,
} from '@/lib/master-data';
import { CLIENT_CODE_LENGTH } from '../api/clients-api';

/** Step 1 of the client wizard, as the form holds it. */
export interface ClientDetailValues {
  clientName: string;
  legalName: string;
  clientCode: string;
  industry?: number;
  address: string;
  country?: number;
  province?: number | null;
  city?: number | null;
  zipCode?: string;
  affiliate?: number;
  npwp?: string;
  isActive: boolean;
}

export const CLIENT_MESSAGES = {
  clientName: 'Please enter client name.',
  legalName: 'Please enter legal name.',
  clientCode: 'Please enter client code.',
  clientCodeLength: 'Client code must be 3 characters.',
  industry: 'Please select industry.',
  address: 'Please enter address.',
  country: 'Please select country.',
  zipCode: 'Zip code must be a number.',
  affiliate: 'Please select affiliate.',
} as const;

/** Letters and digits only, upper-case, at most three (spec §3: shown upper-case). */
export const normalizeClientCode = (value: string | undefined) =>
  (value ?? '').replace(/[^a-z0-9]/gi, '').toUpperCase().slice(0, CLIENT_CODE_LENGTH);

const filterByLabel = (input: string, option?: { label?: unknown }) =>
  String(option?.label ?? '').toLowerCase().includes(input.toLowerCase());

interface Props {
  form: FormInstance<ClientDetailValues>;
  /** The async rule that asks the server whether a three-character code is free. */
  codeRule: Rule;
}

/** The 'Client Detail' fields; province waits for a country and city for a province. */
export function ClientDetailFields({ form, codeRule }: Props) {
  const country = Form.useWatch('country', form);
  const province = Form.useWatch('province', form);
  const industries = useQuery(industriesQueryOptions());
  const affiliates = useQuery(affiliatesQueryOptions());
  const countries = useQuery(countriesQueryOptions());
  const provinces = useQuery(provincesQueryOptions(country ?? undefined));
  const cities = useQuery(citiesQueryOptions(province ?? undefined));

  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Form.Item name="clientName" label="Client Name" rules={[{ required: true, whitespace: true, message: CLIENT_MESSAGES.clientName }]}>
          <Input placeholder="Client name" maxLength={150} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="legalName" label="Legal Name" rules={[{ required: true, whitespace: true, message: CLIENT_MESSAGES.legalName }]}>
          <Input placeholder="PT …" maxLength={200} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          name="clientCode"
          label="Client Code"
          normalize={normalizeClientCode}
          validateFirst
          rules={[
            { required: true, message: CLIENT_MESSAGES.clientCode },
            { len: CLIENT_CODE_LENGTH, message: CLIENT_MESSAGES.clientCodeLength },
            codeRule,
          ]}
          extra="Three letters or digits, e.g. ACM."
        >
          <Input placeholder="ABC" maxLength={CLIENT_CODE_LENGTH} className="client-code-input" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="industry" label="Industry" rules={[{ required: true, message: CLIENT_MESSAGES.industry }]}>
          <Select
            showSearch={{ filterOption: filterByLabel }}
            placeholder="Select industry"
            loading={industries.isPending}
            options={industries.data?.map((i) => ({ value: i.id, label: i.industryName }))}
          />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item name="address" label="Address" rules={[{ required: true, whitespace: true, message: CLIENT_MESSAGES.address }]}>
          <Input.TextArea placeholder="Street, building, number" autoSize={{ minRows: 2, maxRows: 4 }} maxLength={500} />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name="country" label="Country" rules={[{ required: true, message: CLIENT_MESSAGES.country }]}>
          <Select
            showSearch={{ filterOption: filterByLabel }}
            placeholder="Select country"
            loading={countries.isPending}
            options={countries.data?.map((c) => ({ value: c.id, label: c.countryName }))}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name="province" label="Province">
          <Select
            showSearch={{ filterOption: filterByLabel }}
            allowClear
            placeholder={country ? 'Select province' : 'Select a country first'}
            disabled={!country}
            loading={Boolean(country) && provinces.isPending}
            options={provinces.data?.map((p) => ({ value: p.id, label: p.provinceName }))}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name="city" label="City">
          <Select
            showSearch={{ filterOption: filterByLabel }}
            allowClear
            placeholder={province ? 'Select city' : 'Select a province first'}
            disabled={!province}
            loading={Boolean(province) && cities.isPending}
            options={cities.data?.map((c) => ({ value: c.id, label: c.cityName }))}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item
          name="zipCode"
          label="Zip Code"
          normalize={(v: string | undefined) => (v ?? '').replace(/\D/g, '')}
          rules={[{ pattern: /^\d*$/, message: CLIENT_MESSAGES.zipCode }]}
        >
          <Input placeholder="12345" inputMode="numeric" maxLength={10} />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name="affiliate" label="Affiliate" rules={[{ required: true, message: CLIENT_MESSAGES.affiliate }]}>
          <Select
            showSearch={{ filterOption: filterByLabel }}
            placeholder="Select affiliate"
            loading={affiliates.isPending}
            options={affiliates.data?.map((a) => ({ value: a.id, label: a.affiliateName }))}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name="npwp" label="NPWP" extra="Optional tax number.">
          <Input placeholder="00.000.000.0-000.000" maxLength={30} />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item name="isActive" label="Active" valuePropName="checked">
          <Switch aria-label="Active" />
        </Form.Item>
      </Col>
    </Row>
  );
}

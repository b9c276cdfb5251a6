import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form, Select, type FormInstance } from 'antd';
import { chooseOption, isSelectDisabled } from '@/test/antd-helpers';
import { CascadeSelect, clearBelow } from './cascade-select';

const PROJECTS: Record<number, Array<{ id: number; name: string }>> = {
  3: [{ id: 19, name: 'IT Strategy Assessment' }],
  4: [{ id: 21, name: 'Core Upgrade' }],
};
const PEOPLE: Record<number, Array<{ id: number; name: string }>> = {
  19: [{ id: 5, name: 'Rina Kartika' }],
  21: [{ id: 6, name: 'Budi Santoso' }],
};

/** The fake reads, each call recorded. */
const readProjects = vi.fn(async (clientId: number) => PROJECTS[clientId] ?? []);
const readPeople = vi.fn(async (projectId: number) => PEOPLE[projectId] ?? []);

interface Values {
  client?: number;
  project?: number;
  person?: number;
}

const CHAIN = ['client', 'project', 'person'] as const;
const asOptions = (items: Array<{ id: number; name: string }> | undefined) =>
  (items ?? []).map((i) => ({ value: i.id, label: i.name }));

/** A client → project → person in charge form, as the schedule form has it. */
function PlanForm() {
  const [form] = Form.useForm<Values>();
  const clientId = Form.useWatch('client', form);
  const projectId = Form.useWatch('project', form);
  const projects = useQuery({
    queryKey: ['projects', clientId],
    queryFn: () => readProjects(clientId ?? 0),
    enabled: Boolean(clientId),
  });
  const people = useQuery({
    queryKey: ['people', projectId],
    queryFn: () => readPeople(projectId ?? 0),
    enabled: Boolean(projectId),
  });
  return (
    <Form form={form} onValuesChange={(changed: Values) => clearBelow(form, CHAIN, changed)}>
      <Form.Item name="client" label="Client">
        <Select
          options={[
            { value: 3, label: 'PT Nusantara Data Center' },
            { value: 4, label: 'PT Sinar Jaya' },
            { value: 5, label: 'CV Baru' },
          ]}
        />
      </Form.Item>
      <Form.Item name="project" label="Project">
        <CascadeSelect
          parent={clientId}
          lookup={projects}
          options={asOptions(projects.data)}
          placeholder="Choose project"
          placeholderFirst="Choose a client first"
          empty="No project"
        />
      </Form.Item>
      <Form.Item name="person" label="Person in Charge">
        <CascadeSelect
          parent={projectId}
          lookup={people}
          options={asOptions(people.data)}
          placeholder="Choose person in charge"
          placeholderFirst="Choose a project first"
          empty="No Person in Charge"
        />
      </Form.Item>
    </Form>
  );
}

function show() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <PlanForm />
    </QueryClientProvider>,
  );
}

const input = (label: string) => screen.getByLabelText(label);
const fieldOf = (label: string) => input(label).closest('.ant-form-item') as HTMLElement;

/** Chooses an option once the cascade has enabled the select. */
async function choose(label: string, option: string) {
  await waitFor(() => expect(isSelectDisabled(input(label))).toBe(false));
  await chooseOption(input(label), option);
}

describe('CascadeSelect and clearBelow', () => {
  beforeEach(() => {
    readProjects.mockClear();
    readPeople.mockClear();
  });

  it('keeps a select disabled, and says what to choose first, until the choice above is made', () => {
    show();
    expect(isSelectDisabled(input('Project'))).toBe(true);
    expect(fieldOf('Project')).toHaveTextContent('Choose a client first');
    expect(isSelectDisabled(input('Person in Charge'))).toBe(true);
    expect(fieldOf('Person in Charge')).toHaveTextContent('Choose a project first');
    expect(readProjects).not.toHaveBeenCalled();
    expect(readPeople).not.toHaveBeenCalled();
  });

  it("reads a client's projects once the client is chosen, and a project's people once it is chosen", async () => {
    show();
    await chooseOption(input('Client'), 'PT Nusantara Data Center');

    await waitFor(() => expect(isSelectDisabled(input('Project'))).toBe(false));
    expect(readProjects).toHaveBeenCalledWith(3);
    expect(fieldOf('Project')).toHaveTextContent('Choose project');
    await choose('Project', 'IT Strategy Assessment');

    await waitFor(() => expect(readPeople).toHaveBeenCalledWith(19));
    await choose('Person in Charge', 'Rina Kartika');
    expect(fieldOf('Person in Charge')).toHaveTextContent('Rina Kartika');
  });

  it('clears the project and the person in charge when the client changes', async () => {
    show();
    await chooseOption(input('Client'), 'PT Nusantara Data Center');
    await choose('Project', 'IT Strategy Assessment');
    await choose('Person in Charge', 'Rina Kartika');

    await chooseOption(input('Client'), 'PT Sinar Jaya');

    await waitFor(() => expect(fieldOf('Project')).toHaveTextContent('Choose project'));
    expect(fieldOf('Project')).not.toHaveTextContent('IT Strategy Assessment');
    expect(fieldOf('Person in Charge')).not.toHaveTextContent('Rina Kartika');
    expect(isSelectDisabled(input('Person in Charge'))).toBe(true);
    expect(fieldOf('Person in Charge')).toHaveTextContent('Choose a project first');
    expect(readProjects).toHaveBeenLastCalledWith(4);
    await choose('Project', 'Core Upgrade');
    await waitFor(() => expect(readPeople).toHaveBeenLastCalledWith(21));
  });

  it('says the list is empty once a client without projects is chosen', async () => {
    show();
    await chooseOption(input('Client'), 'PT Sinar Jaya');
    await waitFor(() => expect(readProjects).toHaveBeenCalledWith(4));
    await chooseOption(input('Client'), 'CV Baru');
    await waitFor(() => expect(readProjects).toHaveBeenLastCalledWith(5));
    fireEvent.mouseDown(input('Project'));
    const open = () => [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')].at(-1);
    await waitFor(() => expect(open()).toHaveTextContent('No project'));
  });

  it('clears only what is below the highest changed choice', () => {
    const setFieldsValue = vi.fn();
    const form = { setFieldsValue } as unknown as FormInstance<Values>;
    expect(clearBelow(form, CHAIN, { project: 19 })).toEqual(['person']);
    expect(setFieldsValue).toHaveBeenLastCalledWith({ person: undefined });
    expect(clearBelow(form, CHAIN, { client: 3, project: 19 })).toEqual(['project', 'person']);
    expect(setFieldsValue).toHaveBeenLastCalledWith({ project: undefined, person: undefined });
    expect(clearBelow(form, CHAIN, { person: 5 })).toEqual([]);
    expect(setFieldsValue).toHaveBeenCalledTimes(2);
  });
});

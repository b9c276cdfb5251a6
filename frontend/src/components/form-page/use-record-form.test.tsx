import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, Form, Input } from 'antd';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { DialogHost } from '@/components/dialogs';
import { ApiError } from '@/lib/api/errors';
import { RecordFormActions, useRecordForm } from './use-record-form';

interface Client {
  id: number;
  name: string;
  version: number;
}

interface Values {
  name: string;
}

const send = vi.fn<(body: { name: string; version?: number }) => Promise<unknown>>();
const refresh = vi.fn(() => Promise.resolve());

/** The edit form of a client; `next` stands for a refetch that brings a newer record. */
function ClientForm({ refusal }: { refusal?: (error: unknown) => 'saved' | 'shown' | undefined }) {
  const [form] = Form.useForm<Values>();
  const [client, setClient] = useState<Client | undefined>(undefined);
  const record = useRecordForm<Client, Values, { name: string; version?: number }>({
    form,
    record: client,
    toValues: (c) => ({ name: c.name }),
    backTo: '/clients',
    toBody: (values, filled) => ({ name: values.name.trim(), version: filled?.version }),
    send,
    failedText: (body) => `Failed to update '${body.name}'.`,
    savedText: (body) => `'${body.name}' has been saved.`,
    refresh,
    refusal,
    fields: ['name'],
  });
  return (
    <>
      <button type="button" onClick={() => setClient({ id: 1, name: 'Bank Nusa', version: 3 })}>
        load
      </button>
      <button type="button" onClick={() => setClient({ id: 1, name: 'Bank Nusa Mandiri', version: 4 })}>
        next
      </button>
      <button type="button" onClick={() => record.refill({ id: 1, name: 'Bank Nusa Raya', version: 5 })}>
        reload
      </button>
      <Form form={form} onValuesChange={record.clearError}>
        {record.error && (
          <p data-testid="refusal">
            {record.error.title} {record.error.messages.join(' | ')}
          </p>
        )}
        <Form.Item name="name" label="Name" rules={[{ required: true, message: 'Please enter name' }]}>
          <Input />
        </Form.Item>
        <RecordFormActions record={record} />
      </Form>
    </>
  );
}

function show(before: string[], props: Parameters<typeof ClientForm>[0] = {}) {
  const router = createMemoryRouter(
    [
      { path: '/clients', element: <p>the list</p> },
      { path: '/elsewhere', element: <p>elsewhere</p> },
      { path: '/clients/1', element: <ClientForm {...props} /> },
    ],
    { initialEntries: [...before, '/clients/1'], initialIndex: before.length },
  );
  // the toasts in the app's tree (DialogHost), so they go with it and no later test file sees them
  render(
    <App>
      <DialogHost />
      <RouterProvider router={router} />
    </App>,
  );
  return router;
}

const name = () => screen.getByLabelText('Name');
const save = () => screen.getByRole('button', { name: 'Save' });

beforeEach(() => {
  send.mockReset();
  refresh.mockClear();
});

describe('useRecordForm', () => {
  it('fills the form once, sends the version it was filled from, says so, refreshes and goes back', async () => {
    send.mockResolvedValue({});
    const router = show(['/elsewhere']);
    expect(save()).toBeDisabled(); // empty: not valid
    fireEvent.click(screen.getByRole('button', { name: 'load' }));
    await waitFor(() => expect(name()).toHaveValue('Bank Nusa'));
    fireEvent.change(name(), { target: { value: 'Bank Nusa Jaya ' } });
    // a refetch brings a newer record: what the user typed stays, and the version opened is the one sent
    fireEvent.click(screen.getByRole('button', { name: 'next' }));
    expect(name()).toHaveValue('Bank Nusa Jaya ');
    await waitFor(() => expect(save()).toBeEnabled());
    fireEvent.click(save());
    await waitFor(() => expect(router.state.location.pathname).toBe('/elsewhere'));
    expect(send).toHaveBeenCalledWith({ name: 'Bank Nusa Jaya', version: 3 });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(await screen.findByText("'Bank Nusa Jaya' has been saved.")).toBeInTheDocument();
  });

  it('goes to its list when the form was opened directly', async () => {
    send.mockResolvedValue({});
    const router = show([]);
    fireEvent.click(screen.getByRole('button', { name: 'load' }));
    await waitFor(() => expect(save()).toBeEnabled());
    fireEvent.click(save());
    await waitFor(() => expect(router.state.location.pathname).toBe('/clients'));
    expect(await screen.findByText('the list')).toBeInTheDocument();
  });

  it("shows a refusal with the server's messages, under its field too, and stays until the form changes", async () => {
    send.mockRejectedValue(new ApiError(422, { fields: [{ field: 'name', message: 'Name is taken.' }] }));
    const router = show(['/elsewhere']);
    fireEvent.click(screen.getByRole('button', { name: 'load' }));
    await waitFor(() => expect(save()).toBeEnabled());
    fireEvent.click(save());
    expect(await screen.findByTestId('refusal')).toHaveTextContent("Failed to update 'Bank Nusa'. Name is taken.");
    await waitFor(() =>
      expect(document.querySelector('.ant-form-item-explain-error')).toHaveTextContent('Name is taken.'),
    );
    expect(router.state.location.pathname).toBe('/clients/1');
    expect(refresh).not.toHaveBeenCalled();
    expect(save()).not.toHaveClass('ant-btn-loading');
    fireEvent.change(name(), { target: { value: 'Bank Nusa 2' } });
    await waitFor(() => expect(screen.queryByTestId('refusal')).toBeNull());
  });

  it('leaves a refusal the screen shows its own way to the screen, and sends the version it reloaded', async () => {
    send.mockRejectedValueOnce(new ApiError(409, { messages: ['Changed meanwhile.'], type: 'StaleVersion' }));
    const refusal = vi.fn(() => 'shown' as const);
    show(['/elsewhere'], { refusal });
    fireEvent.click(screen.getByRole('button', { name: 'load' }));
    await waitFor(() => expect(save()).toBeEnabled());
    fireEvent.click(save());
    await waitFor(() => expect(refusal).toHaveBeenCalled());
    expect(screen.queryByTestId('refusal')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'reload' }));
    await waitFor(() => expect(name()).toHaveValue('Bank Nusa Raya'));
    send.mockResolvedValue({});
    await waitFor(() => expect(save()).toBeEnabled());
    fireEvent.click(save());
    await waitFor(() => expect(send).toHaveBeenLastCalledWith({ name: 'Bank Nusa Raya', version: 5 }));
  });
});

import { act, fireEvent, render, screen } from '@testing-library/react';
import { App, Modal } from 'antd';
import { ApiError } from '@/lib/api/errors';
import { confirmRemove, DialogHost, DIALOG_WIDTH, showConfirm, showError, showSuccess, toast } from './dialogs';

function Host() {
  return (
    <App>
      <DialogHost />
    </App>
  );
}

async function flush() {
  await act(async () => {
    await new Promise((r) => setTimeout(r, 0));
  });
}

describe('dialogs', () => {
  afterEach(async () => {
    Modal.destroyAll();
    await flush();
  });

  it('shows an error dialog 400 px wide and resolves when closed', async () => {
    render(<Host />);
    let closed = false;
    act(() => {
      void showError({ title: 'Error', content: 'Token expired' }).then(() => {
        closed = true;
      });
    });
    expect(await screen.findByText('Token expired')).toBeInTheDocument();
    expect(document.querySelector('.ant-modal-confirm-title')).toHaveTextContent('Error');
    const modal = document.querySelector<HTMLElement>('.ant-modal')!;
    expect(modal.style.width).toBe(`${DIALOG_WIDTH}px`);
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await flush();
    expect(closed).toBe(true);
  });

  it('shows a success dialog', async () => {
    render(<Host />);
    act(() => {
      void showSuccess({ title: 'Success', content: 'Password successfully been changed.' });
    });
    expect(await screen.findByText('Password successfully been changed.')).toBeInTheDocument();
  });

  it('resolves a confirmation with the choice', async () => {
    render(<Host />);
    let answer: boolean | undefined;
    act(() => {
      void showConfirm({ title: 'Delete this lead?' }).then((a) => {
        answer = a;
      });
    });
    expect((await screen.findAllByText('Delete this lead?')).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await flush();
    expect(answer).toBe(false);
  });

  it('places toasts at the bottom centre', async () => {
    render(<Host />);
    act(() => {
      toast.success('Saved');
    });
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(document.querySelector('.ant-notification-bottom')).not.toBeNull();
  });

  it('asks before removing, with a note, then toasts the success and refreshes', async () => {
    render(<Host />);
    const remove = vi.fn(async () => undefined);
    const onDone = vi.fn();
    act(() => {
      void confirmRemove({ title: 'Remove Pipeline', name: 'Stage approvals', note: 'Running requests keep theirs.', remove, onDone });
    });
    expect(await screen.findByText("Do you want to remove 'Stage approvals' ? Running requests keep theirs.")).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText("'Stage approvals' has been deleted successfully.")).toBeInTheDocument();
    expect(remove).toHaveBeenCalledOnce();
    expect(onDone).toHaveBeenCalledOnce();
  });

  it('toasts the server reason when a removal is refused, and still refreshes', async () => {
    render(<Host />);
    const onDone = vi.fn();
    const remove = () => Promise.reject(new ApiError(409, { messages: ['Pipeline is in use.'], type: 'Conflict' }));
    act(() => {
      void confirmRemove({ title: 'Remove Pipeline', name: 'Stage approvals', remove, onDone });
    });
    expect(await screen.findByText("Do you want to remove 'Stage approvals' ?")).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText("'Stage approvals' failed to be deleted.")).toBeInTheDocument();
    expect(screen.getByText('Pipeline is in use.')).toBeInTheDocument();
    expect(onDone).toHaveBeenCalledOnce();
  });
});

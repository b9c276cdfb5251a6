import { act, fireEvent, render, screen } from '@testing-library/react';
import { App, Modal } from 'antd';
import { DialogHost, DIALOG_WIDTH, showConfirm, showError, showSuccess, toast } from './dialogs';

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
});

import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { useState } from 'react';
import type { BillingRow } from '../billing';
import { BillingList } from './billing-list';

const rows = (n: number): BillingRow[] =>
  Array.from({ length: n }, (_, i) => ({
    key: `r${i}`,
    description: `billing ${i + 1}`,
    amount: 100,
    paymentStatus: 'NOT_YET',
    schedule: `2026-${String(i + 1).padStart(2, '0')}-10`,
  }));

function Harness({ start, term }: { start: BillingRow[]; term: number }) {
  const [billing, setBilling] = useState(start);
  return (
    <ConfigProvider wave={{ disabled: true }}>
      <BillingList item={{ quantity: 1, sellingPrice: 100, termOfPayment: term, billingSchedules: billing }} readOnly={false} onChange={setBilling} />
    </ConfigProvider>
  );
}

describe('BillingList', () => {
  it('scrolls inside the list above four rows', () => {
    const { unmount } = render(<Harness start={rows(4)} term={4} />);
    expect(screen.getByTestId('billing-rows')).not.toHaveClass('is-scrolling');
    unmount();
    render(<Harness start={rows(5)} term={5} />);
    expect(screen.getByTestId('billing-rows')).toHaveClass('is-scrolling');
  });

  it('re-dates the following rows one month apart when a date changes, keeping the day', async () => {
    render(<Harness start={rows(3)} term={3} />);
    const input = screen.getByLabelText('Billing 1 date') as HTMLInputElement;
    fireEvent.mouseDown(input);
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '31-Jan-2027' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect(screen.getByLabelText('Billing 3 date')).toHaveValue('31-Mar-2027'));
    expect(screen.getByLabelText('Billing 1 date')).toHaveValue('31-Jan-2027');
    expect(screen.getByLabelText('Billing 2 date')).toHaveValue('28-Feb-2027');
  });

  it('shows nothing to edit when read-only', () => {
    render(<BillingList item={{ quantity: 1, sellingPrice: 100, termOfPayment: 2, billingSchedules: rows(2) }} readOnly onChange={() => undefined} />);
    expect(screen.queryByLabelText('Billing 1 date')).not.toBeInTheDocument();
    expect(screen.queryByText('Generate Billing')).not.toBeInTheDocument();
    expect(screen.getByText('10-Feb-2026')).toBeInTheDocument();
    expect(screen.getByText('Billing schedule matched!')).toBeInTheDocument();
  });
});

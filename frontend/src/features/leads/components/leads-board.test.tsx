import { fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { boardColumns, card } from '../test-fixtures';
import { LeadCard } from './lead-card';
import { LeadsBoard } from './leads-board';

function renderBoard(columns = boardColumns([2, 1, 0, 3, 0, 1])) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <LeadsBoard columns={columns} loading={false} error={null} sort={{}} onSortChange={() => {}} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => localStorage.clear());

describe('the board you can survey', () => {
  it('keeps every stage with its count and gross profit in view above the columns', () => {
    renderBoard();
    const map = screen.getByRole('navigation', { name: 'Board stages' });
    const stages = within(map).getAllByRole('button');
    expect(stages.map((b) => b.textContent)).toEqual([
      'E1 Found2Rp 3.000.000.000',
      'E2 Connected1Rp 1.500.000.000',
      'E3 Qualified0Rp 0',
      'E4 Proposal3Rp 4.500.000.000',
      'E5 Verification0Rp 0',
      'E6 Closing1Rp 1.500.000.000',
    ]);
  });

  it('shows each column’s gross profit under its header', () => {
    renderBoard();
    expect(screen.getByTestId('column-gp-E4')).toHaveTextContent('GP Rp 4.500.000.000');
  });

  it('brings a stage’s column into view when its map entry is clicked', () => {
    renderBoard();
    const board = screen.getByTestId('leads-board');
    const scrollTo = vi.fn();
    board.scrollTo = scrollTo;
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => {
      cb(0);
      return 0;
    });
    fireEvent.click(screen.getByRole('button', { name: /Show E5 Verification/ }));
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ behavior: 'smooth' }));
  });

  it('switches to compact cards and remembers the choice', () => {
    const { unmount } = renderBoard();
    expect(screen.getByTestId('leads-board')).toHaveClass('is-cards');
    fireEvent.click(screen.getByText('Compact'));
    expect(screen.getByTestId('leads-board')).toHaveClass('is-compact');
    expect(document.querySelectorAll('.lead-card--mini').length).toBe(7);
    unmount();
    renderBoard();
    expect(screen.getByTestId('leads-board')).toHaveClass('is-compact');
  });
});

describe('LeadCard', () => {
  const renderCard = (pcsStatus: string | null, variant?: 'full' | 'mini') =>
    render(
      <MemoryRouter>
        <LeadCard lead={card(1, { pcsStatus })} variant={variant} />
      </MemoryRouter>,
    );

  it.each([
    ['APPROVED', 'PCS Approved'],
    ['WAITING_FOR_APPROVAL', 'PCS Waiting'],
    ['SAVED_AS_DRAFT', 'PCS Draft'],
    ['REJECTED', 'PCS Rejected'],
    [null, 'No PCS'],
  ])('carries the cost sheet status %s as "%s"', (status, text) => {
    renderCard(status);
    expect(screen.getByText(text)).toHaveAttribute('data-pcs-status', status ?? '');
  });

  it('carries it on the compact board’s small card too', () => {
    renderCard('APPROVED', 'mini');
    expect(screen.getByText('PCS Approved')).toBeInTheDocument();
  });
});

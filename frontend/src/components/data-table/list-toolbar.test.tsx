import { fireEvent, render, screen } from '@testing-library/react';
import { ListToolbar, type ListFilter } from './list-toolbar';

const filters: ListFilter[] = [
  { key: 'team', name: 'team', placeholder: 'All teams', options: [{ value: '1', label: 'Budi Santoso' }] },
  { key: 'stage', name: 'stage', placeholder: 'All stages', options: [{ value: '2', label: 'E2 Connected' }] },
  { key: 'status', name: 'status', placeholder: 'All statuses', options: [{ value: 'NEW', label: 'New' }] },
];

function table(values: Record<string, string> = {}) {
  return {
    filters: { team: '', stage: '', status: '', ...values },
    setFilter: vi.fn(),
    setFilters: vi.fn(),
    onSearch: vi.fn(),
    search: '',
  };
}

describe('ListToolbar', () => {
  const width = window.innerWidth;
  afterEach(() => {
    window.innerWidth = width;
  });

  it('shows every filter beside the search box at a desk', () => {
    render(<ListToolbar table={table()} filters={filters} searchLabel="Search project" />);
    expect(screen.getByLabelText('Filter by team')).toBeInTheDocument();
    expect(screen.getByLabelText('Filter by status')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Filters/ })).toBeNull();
  });

  it('folds many filters into a Filters sheet on a phone, with the number in use and Clear all', async () => {
    window.innerWidth = 390;
    const t = table({ stage: '2', status: 'NEW' });
    render(<ListToolbar table={t} filters={filters} searchLabel="Search project" />);
    expect(screen.getByPlaceholderText('Search project')).toBeInTheDocument();
    expect(screen.queryByLabelText('Filter by team')).toBeNull();
    const button = screen.getByRole('button', { name: /Filters/ });
    expect(button.closest('.ant-badge')).toHaveTextContent('2');
    fireEvent.click(button);
    expect(await screen.findByLabelText('Filter by team')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Clear all' }));
    expect(t.setFilters).toHaveBeenCalledWith({ team: '', stage: '', status: '' });
  });

  it('keeps two filters inline on a phone', () => {
    window.innerWidth = 390;
    render(<ListToolbar table={table()} filters={filters.slice(0, 2)} searchLabel="Search project" />);
    expect(screen.getByLabelText('Filter by team')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Filters/ })).toBeNull();
  });

  it('lets a long search placeholder have a wider box at a desk, and the whole line on a phone', () => {
    const { unmount } = render(<ListToolbar table={table()} searchLabel="Search role name or description" searchWidth={340} />);
    const wrapper = () => screen.getByPlaceholderText('Search role name or description').closest('.ant-input-search') as HTMLElement;
    expect(wrapper().style.maxWidth).toBe('340px');
    unmount();
    window.innerWidth = 390;
    render(<ListToolbar table={table()} searchLabel="Search role name or description" searchWidth={340} />);
    // the line is the search row's, and the box takes what the saved views leave of it
    expect((wrapper().closest('.list-search') as HTMLElement).style.flex).toBe('1 1 100%');
    expect(wrapper().style.flex).toBe('1 1 auto');
    expect(wrapper().style.maxWidth).toBe('');
  });
});

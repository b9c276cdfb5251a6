import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { ApiError } from '@/lib/api/errors';
import { leadCrumbs, Page, systemCrumbs } from './page';

const renderPage = (ui: React.ReactElement) => render(<MemoryRouter>{ui}</MemoryRouter>);

describe('Page, the one shell of every screen', () => {
  it('puts the trail above the title and the actions on its right', () => {
    renderPage(
      <Page breadcrumb={systemCrumbs('Client Management', '/system/client-management', 'Add')} title="Add Client"
        subtitle="A client company." actions={<button type="button">Save</button>}>
        body
      </Page>,
    );
    const trail = document.querySelector('.page-breadcrumb')!;
    expect([...trail.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['System', '/system'],
      ['Client Management', '/system/client-management'],
    ]);
    expect(trail).toHaveTextContent('Add');
    expect(screen.getByRole('heading', { level: 3, name: 'Add Client' })).toBeInTheDocument();
    expect(document.querySelector('.page-header__actions')).toContainElement(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('body')).toBeInTheDocument();
  });

  it('names a list as the last crumb without a link, and a lead by its project', () => {
    renderPage(<Page breadcrumb={systemCrumbs('COA Management')} title="COA Management" />);
    expect(document.querySelector('.page-breadcrumb a:last-of-type')).toHaveTextContent('System');
    expect(leadCrumbs(7, 'Core Upgrade', 'Edit')).toEqual([
      { title: 'Leads', to: '/leads' },
      { title: 'Core Upgrade', to: '/leads/7' },
      { title: 'Edit' },
    ]);
  });

  it.each([
    ['full', 'page--full'],
    ['form', 'page--form'],
    ['narrow', 'page--narrow'],
  ] as const)('lays a %s screen out at its width', (width, cls) => {
    const { container } = renderPage(<Page width={width} title="T" />);
    expect(container.firstChild).toHaveClass('page', cls);
  });

  it('shows a skeleton while loading and the server’s message on an error, instead of the content', () => {
    const { rerender, container } = renderPage(<Page title="T" loading>content</Page>);
    expect(container.querySelector('.ant-skeleton')).toBeInTheDocument();
    expect(screen.queryByText('content')).not.toBeInTheDocument();
    rerender(
      <MemoryRouter>
        <Page title="T" error={new ApiError(500, { messages: ['The database is away.'] })}>content</Page>
      </MemoryRouter>,
    );
    expect(screen.getByText('Error loading data')).toBeInTheDocument();
    expect(screen.getByText('The database is away.')).toBeInTheDocument();
    expect(screen.queryByText('content')).not.toBeInTheDocument();
  });
});

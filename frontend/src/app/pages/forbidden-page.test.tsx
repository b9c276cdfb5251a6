import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ForbiddenPage } from './forbidden-page';

function renderAt(entries: string[]) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>Home screen</p> },
      { path: '/leads', element: <p>Leads screen</p> },
      { path: '/error-403', element: <ForbiddenPage /> },
    ],
    { initialEntries: entries, initialIndex: entries.length - 1 },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('ForbiddenPage', () => {
  it('says "Access Denied." with Go Back and Home Page buttons', () => {
    renderAt(['/error-403']);
    expect(screen.getByText('Access Denied.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Home Page' })).toBeInTheDocument();
  });

  it('Go Back returns to the previous page', async () => {
    renderAt(['/leads', '/error-403']);
    fireEvent.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(await screen.findByText('Leads screen')).toBeInTheDocument();
  });

  it('Home Page goes to /', async () => {
    renderAt(['/error-403']);
    fireEvent.click(screen.getByRole('button', { name: 'Home Page' }));
    expect(await screen.findByText('Home screen')).toBeInTheDocument();
  });
});

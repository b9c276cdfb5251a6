import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { json, stubApi } from '@/test/render';
import { TemporalLink } from './temporal-link';

const URL_OF_WORKFLOW = 'http://127.0.0.1:8233/namespaces/default/workflows/approval-lead-7%40crm';

function fakeTab() {
  const tab = { opener: {} as unknown, location: { href: '' }, close: vi.fn() };
  vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
  return tab;
}

describe('TemporalLink', () => {
  it('draws nothing without an address (the server gives one to operators only)', () => {
    const { container } = render(<TemporalLink url={null} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('asks for the operations cookie, then sends the opened tab to the workflow', async () => {
    const requests = stubApi(null, (request, url) =>
      url.pathname === '/api/operations/ui-session' && request.method === 'POST'
        ? json(200, { results: { temporalUiUrl: 'http://127.0.0.1:8233' } })
        : undefined,
    );
    const tab = fakeTab();
    render(
      <App>
        <TemporalLink url={URL_OF_WORKFLOW} />
      </App>,
    );
    fireEvent.click(screen.getByRole('link', { name: /Open in Temporal UI/ }));
    await waitFor(() => expect(tab.location.href).toBe(URL_OF_WORKFLOW));
    expect(requests.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual(['POST /api/operations/ui-session']);
    expect(tab.opener).toBeNull();
  });

  it('closes the tab and says why when the server refuses', async () => {
    stubApi(null, (_request, url) =>
      url.pathname === '/api/operations/ui-session'
        ? json(403, { messages: ['Only operators (the Operations page in Menu Page Access) may open the Temporal UI.'], type: 'Forbidden' })
        : undefined,
    );
    const tab = fakeTab();
    render(
      <App>
        <TemporalLink url={URL_OF_WORKFLOW}>Open the workflow in Temporal</TemporalLink>
      </App>,
    );
    fireEvent.click(screen.getByRole('link', { name: /Open the workflow in Temporal/ }));
    expect(await screen.findByText(/Only operators/)).toBeInTheDocument();
    expect(tab.close).toHaveBeenCalled();
    expect(tab.location.href).toBe('');
  });
});

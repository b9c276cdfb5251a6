import { fireEvent, screen, waitFor } from '@testing-library/react';
import { setToken } from '@/lib/api/tokens';
import { buttonByText } from '@/test/antd-helpers';
import { FULL, json, makeSession, renderRoutes, stubApi, type ApiHandler } from '@/test/render';
import { PdfTestPage } from './pdf-test-page';

/** The pages under test, as the route table has them. */
const pages = [
  { path: '/pdf', Component: PdfTestPage },
];

async function open(handler: ApiHandler) {
  setToken('tok');
  URL.createObjectURL = vi.fn(() => 'blob:sample-pdf');
  URL.revokeObjectURL = vi.fn();
  const session = makeSession({
    routes: ['/', '/pdf'],
    allRoutes: ['/', '/pdf'],
    pageAccess: { dashboard: FULL, pdf: FULL },
  });
  const requests = stubApi(session, handler);
  return { ...(await renderRoutes(pages, '/pdf')), requests };
}

const samplePdf = () => new Response('%PDF-1.7 sample', { status: 200, headers: { 'Content-Type': 'application/pdf' } });

describe('PdfTestPage', () => {
  it('renders the sample PDF in a frame and sends it by mail', async () => {
    const { requests } = await open((req, url) => {
      if (url.pathname === '/api/pdf/sample') return samplePdf();
      if (url.pathname === '/api/mails/send-mail' && req.method === 'POST') {
        return json(200, {
          results: { message: 'The PDF has been sent to finance@example.com.', to: 'finance@example.com', workflowId: 'mail-1' },
        });
      }
      return undefined;
    });
    expect(await screen.findByRole('heading', { name: 'PCS PDF Test' })).toBeInTheDocument();
    const frame = await screen.findByTitle('Sample project cost sheet PDF');
    expect(frame).toHaveAttribute('src', 'blob:sample-pdf');

    // jsdom's Blob does not survive Node's multipart encoder, so the file part is checked where it is added
    const append = vi.spyOn(FormData.prototype, 'append');
    fireEvent.change(screen.getByLabelText('Send to'), { target: { value: 'finance@example.com' } });
    fireEvent.click(buttonByText('Send by mail'));
    expect(await screen.findByText('The PDF has been sent to finance@example.com.')).toBeInTheDocument();

    const sent = requests.find((r) => new URL(r.url).pathname === '/api/mails/send-mail')!;
    const form = await sent.formData();
    expect(form.get('to')).toBe('finance@example.com');
    expect(form.has('file')).toBe(true);
    const [, blob, filename] = append.mock.calls.find(([name]) => name === 'file')!;
    expect(filename).toBe('project-cost-sheet.pdf');
    expect(await (blob as Blob).text()).toBe('%PDF-1.7 sample');
    append.mockRestore();
  });

  it('shows a refused mail', async () => {
    await open((_, url) => {
      if (url.pathname === '/api/pdf/sample') return samplePdf();
      if (url.pathname === '/api/mails/send-mail') {
        return json(422, { messages: ['Please enter valid email format.'], type: 'ValidationFailed' });
      }
      return undefined;
    });
    await screen.findByTitle('Sample project cost sheet PDF');
    fireEvent.change(screen.getByLabelText('Send to'), { target: { value: 'nope' } });
    fireEvent.click(buttonByText('Send by mail'));
    expect(await screen.findByText('Please enter valid email format.')).toBeInTheDocument();
  });

  it('says when the sample cannot be rendered', async () => {
    await open((_, url) => (url.pathname === '/api/pdf/sample' ? json(503, { messages: ['Unavailable'], type: 'X' }) : undefined));
    expect(await screen.findByText('Error loading data')).toBeInTheDocument();
    await waitFor(() => expect(buttonByText('Send by mail')).toBeDisabled());
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setToken } from '@/lib/api/tokens';
import { buttonByText, chooseOption } from '@/test/antd-helpers';
import { routePreview } from '@/test/approval-route';
import { json, makeSession, renderRoutes, stubApi } from '@/test/render';
import { PcsPage } from './pcs-page';
import type { PcsForm } from '../api/types';
import { COUNT_MISMATCH } from '../billing';
import { coaEntries, pcsForm, sheet } from '../test-fixtures';

const PATH = '/leads/19/project-cost-sheet';

type Handler = (request: Request, url: URL) => Response | undefined | Promise<Response | undefined>;

/** The sheet's page; the lead's pages (where Back and saving go) are markers. */
const pages = [{ path: '/leads/:leadId/project-cost-sheet', Component: PcsPage }];

async function open(form: PcsForm, extra?: Handler) {
  setToken('tok');
  const handle = async (req: Request, url: URL) => {
    const custom = await extra?.(req, url);
    if (custom) return custom;
    if (url.pathname === '/api/leads/19/form/v2') return json(200, { results: form });
    if (url.pathname === '/api/project-cost-sheet/chart-of-accounts') return json(200, { results: coaEntries() });
    if (url.pathname === '/api/project-cost-sheet/route-preview') return json(200, { results: routePreview() });
    return undefined;
  };
  const requests = stubApi(makeSession(), (req, url) => handle(req, url) as Promise<Response>);
  const utils = await renderRoutes(pages, PATH, { before: ['/leads/19'] });
  return { ...utils, requests };
}

/** A button by its text or aria-label: role queries are very slow in the test DOM on a screen this size. */
function findButton(name: string, container: ParentNode = document.body): HTMLButtonElement | null {
  return (
    [...container.querySelectorAll<HTMLButtonElement>('button')].find(
      (b) => b.getAttribute('aria-label') === name || b.textContent?.trim() === name,
    ) ?? null
  );
}

function button(name: string, container?: ParentNode): HTMLButtonElement {
  const found = findButton(name, container);
  if (!found) throw new Error(`no button ${name}`);
  return found;
}

const waitForButton = (name: string, container?: ParentNode) => waitFor(() => button(name, container));

/** Opens the accordion item whose header shows `text`, and answers its panel. */
async function openItem(text: string) {
  const header = (await screen.findAllByText(text, { selector: '.pcs-item__desc, .pcs-item__desc *' }))[0];
  fireEvent.click(header);
  const panel = header.closest('.ant-collapse-item') as HTMLElement;
  await waitFor(() => expect(panel.querySelector('.pcs-item')).not.toBeNull());
  return panel;
}

/** The open modal or drawer titled `title`. */
async function overlay(title: string) {
  return waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-modal-title, .ant-drawer-title')].find(
      (el) => el.textContent === title,
    );
    if (!found) throw new Error(`no ${title}`);
    return found.closest('.ant-modal, .ant-drawer') as HTMLElement;
  });
}

describe('PcsPage', () => {
  it('shows the sheet: breadcrumb, revision, remark, file, status, summary without commission, items', async () => {
    await open(pcsForm());
    expect(await screen.findByText('Project Cost Sheet', { selector: 'h3' })).toBeInTheDocument();
    expect(screen.getByText('Leads', { selector: '.ant-breadcrumb a' })).toBeInTheDocument();
    expect(screen.getByText('Revision 1 (Current)')).toBeInTheDocument();
    expect(screen.getByLabelText('Remark')).toHaveValue('Second try');
    expect(screen.getByText('pcs-nusa.xlsx')).toBeInTheDocument();
    expect(screen.getByText('0,25 Mb')).toBeInTheDocument();
    expect(screen.getByTestId('pcs-status')).toHaveTextContent('Saved As Draft');
    const summary = screen.getByTestId('pcs-summary');
    expect(within(summary).getByText('Rp 20.000.000')).toBeInTheDocument();
    expect(within(summary).getByText('Rp 8.000.000')).toBeInTheDocument();
    expect(within(summary).getByText('40%')).toBeInTheDocument();
    expect(within(summary).queryByText('Commission Allocation')).not.toBeInTheDocument();
    expect(within(summary).queryByText('GP After Commission')).not.toBeInTheDocument();
    expect(screen.getByText(/Managed Services Revenue/, { selector: '.pcs-item__title *' })).toBeInTheDocument();
    expect(button('Save as Draft')).toBeEnabled();
    expect(button('Submit')).toBeEnabled();
    expect(screen.queryByText('Sub service is required for this lead!!!')).not.toBeInTheDocument();
  });

  it('shows the commission rows to PCS_COMMISSION_ROLE', async () => {
    await open(pcsForm({ canSeeCommission: true }));
    const summary = await screen.findByTestId('pcs-summary');
    expect(within(summary).getByText('Commission Allocation')).toBeInTheDocument();
    expect(within(summary).getByText('Rp 480.000')).toBeInTheDocument();
    expect(within(summary).getByText('GP After Commission')).toBeInTheDocument();
    expect(within(summary).getByText('Rp 7.520.000')).toBeInTheDocument();
    expect(within(summary).getByText('37,6%')).toBeInTheDocument();
  });

  it('is read-only when the server locks it: no add, generate, remove or edit controls', async () => {
    await open(
      pcsForm({
        editable: false,
        lockReason: 'The project cost sheet is waiting for approval and cannot be changed.',
        projectCostSheets: { projectCostSheet: sheet({ status: 'WAITING_FOR_APPROVAL' }), projectCostSheetHistories: [] },
      }),
    );
    expect(await screen.findByText('The project cost sheet is waiting for approval and cannot be changed.')).toBeInTheDocument();
    expect(screen.getByTestId('pcs-status')).toHaveTextContent('Waiting For Approval');
    expect(findButton('Add Sales Item')).toBeNull();
    expect(findButton('Remove PCS file')).toBeNull();
    expect(screen.queryByLabelText('Remark')).not.toBeInTheDocument();
    expect(screen.getByTestId('pcs-remark-text')).toHaveTextContent('Second try');
    const panel = await openItem('NOC operations');
    expect(findButton('Generate Billing', panel)).toBeNull();
    expect(findButton('Add Billing', panel)).toBeNull();
    expect(within(panel).queryByLabelText('Quantity')).not.toBeInTheDocument();
    expect(panel.querySelector('button[aria-label^="Remove"]')).toBeNull();
    expect(within(panel).getByText('Billing schedule matched!')).toBeInTheDocument();
    expect(button('Save as Draft')).toBeDisabled();
    expect(button('Submit')).toBeDisabled();
  });

  it('shows an older revision read-only, without the remark box', async () => {
    await open(pcsForm());
    const select = await screen.findByLabelText('Revision');
    await chooseOption(select, 'Revision 0 - First try');
    expect(await screen.findByText('You are viewing Revision 0, read-only.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Remark')).not.toBeInTheDocument();
    expect(screen.getByTestId('pcs-status')).toHaveTextContent('Rejected');
    expect(screen.getByText('Old scope')).toBeInTheDocument();
    expect(findButton('Add Sales Item')).toBeNull();
    expect(button('Save as Draft')).toBeDisabled();
  });

  it('disables the revision dropdown when there is none, and starts an empty sheet', async () => {
    await open(pcsForm({ projectCostSheets: { projectCostSheet: null, projectCostSheetHistories: [] }, revisions: [] }));
    expect(await screen.findByText('No revision available')).toBeInTheDocument();
    expect(screen.getByLabelText('Revision')).toBeDisabled();
    expect(screen.getByTestId('pcs-status')).toHaveTextContent('N/A');
    expect(screen.queryByText('Remark is required')).not.toBeInTheDocument();
    fireEvent.blur(screen.getByLabelText('Remark'));
    expect(screen.getByText('Remark is required')).toBeInTheDocument();
    expect(screen.getByText('PCS File must be uploaded before approval submission')).toBeInTheDocument();
    expect(button('Save as Draft')).toBeDisabled();
    expect(button('Preview PDF')).toBeDisabled();
  });

  it('says live what is wrong with the billing, refuses rows beyond the term, and generates', async () => {
    await open(pcsForm());
    const panel = await openItem('NOC operations');
    expect(within(panel).getByText('Billing schedule matched!')).toBeInTheDocument();

    fireEvent.change(within(panel).getByLabelText('Billing 2 amount'), { target: { value: '7.500.000' } });
    expect(within(panel).getByText('Total billing schedule amount is short by 2.500.000 (17.500.000 / 20.000.000)')).toBeInTheDocument();
    expect(button('Save as Draft')).toBeDisabled();

    fireEvent.click(button('Add Billing', panel));
    expect(within(panel).getByText('Total billing schedule count cannot be more than Term of Payment: 2')).toBeInTheDocument();
    fireEvent.click(button('Duplicate billing 1', panel));
    expect(within(panel).getByText('Total billing schedule count cannot be more than Term of Payment: 2')).toBeInTheDocument();

    fireEvent.change(within(panel).getByLabelText('Term of payment'), { target: { value: '3' } });
    fireEvent.blur(within(panel).getByLabelText('Term of payment'));
    await waitFor(() => expect(within(panel).getByText(COUNT_MISMATCH)).toBeInTheDocument());

    fireEvent.click(button('Generate Billing', panel));
    await waitFor(() => expect(within(panel).getAllByTestId('billing-row')).toHaveLength(3));
    expect(within(panel).queryByText(COUNT_MISMATCH)).not.toBeInTheDocument();
    expect(within(panel).getByText('Billing schedule matched!')).toBeInTheDocument();
    expect(within(panel).getByLabelText('Billing 3 description')).toHaveValue('billing 3');
    expect(button('Save as Draft')).toBeEnabled();

    fireEvent.click(button('Remove billing 3', panel));
    await waitFor(() => expect(within(panel).getAllByTestId('billing-row')).toHaveLength(2));
    expect(within(panel).getByText(COUNT_MISMATCH)).toBeInTheDocument();
  });

  it('adds an item from the chart of accounts slide', async () => {
    const { requests } = await open(pcsForm());
    fireEvent.click(await waitForButton('Add Sales Item'));
    const drawer = await overlay('Add Sales Item');
    expect(await within(drawer).findByText('Hardware Sales')).toBeInTheDocument();
    fireEvent.change(within(drawer).getByLabelText('Search chart of accounts'), { target: { value: 'SERVER' } });
    await waitFor(() => expect(within(drawer).queryByText('Managed Services Revenue')).not.toBeInTheDocument());
    fireEvent.click(button('Add 4-1004 Hardware Sales', drawer));
    expect(await screen.findByText(/4-1004 · Hardware Sales/)).toBeInTheDocument();
    expect(screen.getByText('Sales (2)')).toBeInTheDocument();
    const coa = requests.find((r) => new URL(r.url).pathname === '/api/project-cost-sheet/chart-of-accounts')!;
    expect(new URL(coa.url).searchParams.get('type')).toBe('REVENUE');
    // A new item has no billing yet: the sheet cannot be saved.
    expect(button('Save as Draft')).toBeDisabled();
  });

  it('saves as draft as multipart, tells the user and goes back', async () => {
    let sent: FormData | null = null;
    const { router } = await open(pcsForm(), async (req, url) => {
      if (url.pathname === '/api/project-cost-sheet/save-as-draft' && req.method === 'PUT') {
        sent = await req.formData();
        return json(200, { results: pcsForm() });
      }
      return undefined;
    });
    fireEvent.change(await screen.findByLabelText('Remark'), { target: { value: 'Third try' } });
    fireEvent.click(button('Save as Draft'));
    expect(await screen.findByText('Project Cost Sheet successfully saved as draft')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/leads/19'));
    const body = sent as unknown as FormData;
    expect(body.get('leadsId')).toBe('19');
    expect(body.get('remark')).toBe('Third try');
    expect(JSON.parse(body.get('uploadedFileState') as string)).toEqual({ isDeletedByUser: false });
    const items = JSON.parse(body.get('projectCostSheetItems') as string);
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({ id: 101, coaId: 1, type: 'REVENUE', quantity: 2, termOfPayment: 2, sellingPrice: 5_000_000 });
    expect(body.get('uploadedFile')).toBeNull();
  });

  it("shows 'Something went wrong !' when saving fails and 'Oops...' when a submit is refused", async () => {
    await open(pcsForm(), (req, url) => {
      if (url.pathname === '/api/project-cost-sheet/save-as-draft') return json(500, { messages: ['Database unavailable'] });
      if (url.pathname === '/api/project-cost-sheet/submit-for-approval' && req.method === 'PUT') {
        return json(409, { messages: ['No PCS approval pipeline for this sales person.'], type: 'Conflict' });
      }
      return undefined;
    });
    fireEvent.click(await waitForButton('Save as Draft'));
    expect((await screen.findAllByText('Something went wrong !'))[0]).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    fireEvent.click(buttonByText('OK'));
    fireEvent.click(button('Submit'));
    fireEvent.click(button('Submit', await overlay('Submit for Approval')));
    expect((await screen.findAllByText('Oops...'))[0]).toBeInTheDocument();
    expect(screen.getByText('No PCS approval pipeline for this sales person.')).toBeInTheDocument();
  });

  it('submits and shows the answer read-only', async () => {
    let submitted = false;
    await open(pcsForm(), (req, url) => {
      if (url.pathname === '/api/project-cost-sheet/submit-for-approval' && req.method === 'PUT') {
        submitted = true;
        return json(200, {
          results: pcsForm({
            editable: false,
            lockReason: 'The project cost sheet is waiting for approval and cannot be changed.',
            projectCostSheets: { projectCostSheet: sheet({ status: 'WAITING_FOR_APPROVAL', pcsVersion: 4 }), projectCostSheetHistories: [] },
          }),
        });
      }
      return undefined;
    });
    fireEvent.click(await waitForButton('Submit'));
    const dialog = await overlay('Submit for Approval');
    expect(submitted).toBe(false);
    fireEvent.click(button('Submit', dialog));
    expect(await screen.findByText('Project Cost Sheet successfully submitted. Please wait for approval.')).toBeInTheDocument();
    expect(submitted).toBe(true);
    await waitFor(() => expect(screen.getByTestId('pcs-status')).toHaveTextContent('Waiting For Approval'));
    expect(button('Submit')).toBeDisabled();
  });

  it('shows who the sheet goes to before submitting, on the figures the form holds', async () => {
    let submitted = false;
    const { requests } = await open(pcsForm(), (req, url) => {
      if (url.pathname === '/api/project-cost-sheet/submit-for-approval' && req.method === 'PUT') {
        submitted = true;
        return json(200, { results: pcsForm() });
      }
      return undefined;
    });
    // the sales price goes up (not saved yet): revenue 24 M, GP 12 M, 50 %
    const panel = await openItem('NOC operations');
    fireEvent.change(within(panel).getByLabelText('Unit price'), { target: { value: '6.000.000' } });
    fireEvent.click(button('Generate Billing', panel));
    await waitFor(() => expect(within(panel).getByText('Billing schedule matched!')).toBeInTheDocument());

    fireEvent.click(button('Submit'));
    const dialog = await overlay('Submit for Approval');
    const layers = await within(dialog).findAllByTestId('route-layer');
    expect(within(layers[0]).getByText('Maya Kusuma for Hendra Gunawan (out of office)')).toBeInTheDocument();
    expect(layers[1]).toHaveClass('is-skipped');
    expect(within(layers[1]).getByText('Skipped: GP 800 M < 1 B')).toBeInTheDocument();
    const asked = requests.filter((r) => new URL(r.url).pathname === '/api/project-cost-sheet/route-preview');
    expect(await asked.at(-1)!.json()).toEqual({ leadId: 19, totalRevenue: 24_000_000, grossProfit: 12_000_000, grossProfitMargin: 50 });
    expect(submitted).toBe(false);

    // Cancel sends nothing; Submit in the dialog submits
    fireEvent.click(button('Cancel', dialog));
    expect(submitted).toBe(false);
    fireEvent.click(button('Submit'));
    fireEvent.click(button('Submit', await overlay('Submit for Approval')));
    await waitFor(() => expect(submitted).toBe(true));
  });

  it('says why the route cannot be shown, and leaves Submit to the server', async () => {
    await open(pcsForm(), (_req, url) =>
      url.pathname === '/api/project-cost-sheet/route-preview'
        ? json(409, { messages: ['No PCS approval pipeline for this sales person.'], type: 'Conflict' })
        : undefined,
    );
    fireEvent.click(await waitForButton('Submit'));
    const dialog = await overlay('Submit for Approval');
    expect(await within(dialog).findByText('No PCS approval pipeline for this sales person.')).toBeInTheDocument();
    expect(button('Submit', dialog)).toBeEnabled();
  });

  it('blocks Submit and says so when a sub service is missing', async () => {
    await open(pcsForm({ subServiceRequired: true }));
    expect(await screen.findByText('Sub service is required for this lead!!!')).toBeInTheDocument();
    expect(button('Submit')).toBeDisabled();
    expect(button('Save as Draft')).toBeEnabled();
  });

  it('does not ask for the sub service on a sheet that cannot be changed', async () => {
    await open(
      pcsForm({
        subServiceRequired: true,
        editable: false,
        lockReason: "Only the lead's sales person can edit the project cost sheet.",
        projectCostSheets: { projectCostSheet: sheet({ status: 'APPROVED' }), projectCostSheetHistories: [] },
      }),
    );
    expect(await screen.findByText("Only the lead's sales person can edit the project cost sheet.")).toBeInTheDocument();
    expect(screen.getByTestId('pcs-status')).toHaveTextContent('Approved');
    expect(screen.queryByText('Sub service is required for this lead!!!')).not.toBeInTheDocument();
  });

  it('refuses big and non-spreadsheet files before sending, and asks for a file to submit', async () => {
    await open(pcsForm());
    fireEvent.click(await waitForButton('Remove PCS file'));
    expect(screen.getByText('PCS File must be uploaded before approval submission')).toBeInTheDocument();
    expect(button('Submit')).toBeDisabled();
    // The upload control renews its input after each choice.
    const input = () => document.querySelector<HTMLInputElement>('.pcs-upload input[type=file]')!;

    const big = new File(['x'], 'big.xlsx');
    Object.defineProperty(big, 'size', { value: 15 * 1024 * 1024 + 1 });
    fireEvent.change(input(), { target: { files: [big] } });
    expect(await screen.findByText('File is too large')).toBeInTheDocument();

    fireEvent.change(input(), { target: { files: [new File(['%PDF'], 'scope.pdf', { type: 'application/pdf' })] } });
    expect(await screen.findByText('Unsupported file format. Accepts only .xls kind file.')).toBeInTheDocument();

    fireEvent.change(input(), { target: { files: [new File(['a,b\n1,2\n'], 'costs.csv', { type: 'text/csv' })] } });
    expect(await screen.findByText('costs.csv')).toBeInTheDocument();
    expect(button('Submit')).toBeEnabled();
  });

  it('downloads the PCS file under its display name, and says so when it cannot', async () => {
    let fail = false;
    const { requests } = await open(pcsForm(), (_req, url) => {
      if (url.pathname !== '/api/leads/download/a1b2c3.xlsx') return undefined;
      if (fail) return json(404, { messages: ['Sorry we are unable to download the file you requested.'], type: 'NotFound' });
      return new Response('sheet', { status: 200, headers: { 'Content-Type': 'application/vnd.ms-excel' } });
    });
    URL.createObjectURL = vi.fn(() => 'blob:pcs-file');
    URL.revokeObjectURL = vi.fn();
    const names: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    fireEvent.click(await screen.findByText('pcs-nusa.xlsx'));
    await waitFor(() => expect(names).toEqual(['pcs-nusa.xlsx']));
    const download = requests.find((r) => new URL(r.url).pathname === '/api/leads/download/a1b2c3.xlsx')!;
    expect(download.headers.get('Authorization')).toBe('Bearer tok');

    fail = true;
    // the link is disabled while a download runs: the file is saved a moment before that ends (a click then is lost)
    await waitFor(() => expect(screen.getByText('pcs-nusa.xlsx')).toBeEnabled());
    fireEvent.click(screen.getByText('pcs-nusa.xlsx'));
    expect(await screen.findByText('Sorry we are unable to download the file you requested.')).toBeInTheDocument();
    expect(names).toHaveLength(1);
    click.mockRestore();
  });

  it('previews the PDF in a frame and downloads it as PCS_{client}_{project}.pdf', async () => {
    await open(pcsForm(), (_req, url) =>
      url.pathname === '/api/leads/19/pcs-pdf'
        ? new Response('%PDF-1.7', { status: 200, headers: { 'Content-Type': 'application/pdf' } })
        : undefined,
    );
    URL.createObjectURL = vi.fn(() => 'blob:pcs-pdf');
    URL.revokeObjectURL = vi.fn();
    const names: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    fireEvent.click(await waitForButton('Preview PDF'));
    const modal = await overlay('Project Cost Sheet PDF');
    await waitFor(() => expect(modal.querySelector('iframe')).toHaveAttribute('src', 'blob:pcs-pdf'));
    fireEvent.click(button('Download PDF', modal));
    expect(names).toEqual(['PCS_Bank Nusa Mandiri_IT Strategy Assessment.pdf']);
    click.mockRestore();
  });

  it('says there is no approval data for the PDF of a rejected sheet', async () => {
    await open(
      pcsForm({ projectCostSheets: { projectCostSheet: sheet({ status: 'REJECTED', remark: '' }), projectCostSheetHistories: [] } }),
      (_req, url) =>
        url.pathname === '/api/leads/19/pcs-pdf'
          ? json(404, { messages: ['PCS approval status data is empty'], type: 'NotFound' })
          : undefined,
    );
    expect(await screen.findByTestId('pcs-status')).toHaveTextContent('Rejected');
    expect(screen.getByLabelText('Remark')).toHaveValue('');
    fireEvent.click(button('Preview PDF'));
    expect(await screen.findByText('PCS approval status data is empty')).toBeInTheDocument();
  });

  it('shows the approval timeline, or that there is none', async () => {
    let calls = 0;
    await open(pcsForm(), (_req, url) => {
      if (url.pathname === '/api/leads/19/pcs-approval-flow') {
        calls += 1;
        if (calls > 1) return json(404, { messages: ['PCS approval status data is empty'], type: 'NotFound' });
        expect(url.searchParams.get('status')).toBe('SAVED_AS_DRAFT');
        return json(200, {
          results: {
            status: 'SAVED_AS_DRAFT',
            heading: 'Saved on',
            date: '2026-11-02T03:00:00Z',
            approvalId: null,
            workflowId: null,
            temporalUrl: null,
            layers: [
              { layerName: 'Sales Manager', approvalType: 'Any User', seqNo: 1, layerStatus: 'PENDING', label: 'checked by', approvers: [{ username: 'approver1', approvedAt: null, actionType: null }] },
              { layerName: 'Director', approvalType: 'In Sequence', seqNo: 2, layerStatus: 'PENDING', label: 'acknowledged by', approvers: [{ username: 'approver2', approvedAt: null, actionType: null }] },
              { layerName: 'Board', approvalType: 'Any User', seqNo: 3, layerStatus: 'SKIPPED', label: 'approved by', approvers: [], skipped: 'cost sheet total 2 B < 5 B', conditions: ['cost sheet total >= 5 B'] },
            ],
          },
        });
      }
      return undefined;
    });
    fireEvent.click(await waitForButton('Approval status: Saved As Draft'));
    const dialog = await overlay('PCS Approval Status');
    expect(await within(dialog).findByText('Saved on')).toBeInTheDocument();
    expect(within(dialog).getAllByTestId('pcs-flow-layer')).toHaveLength(3);
    // a layer the sheet's route skipped says why, and when it would have applied
    expect(within(dialog).getByText(/Skipped: cost sheet total 2 B < 5 B/)).toBeInTheDocument();
    expect(within(dialog).getByText('cost sheet total >= 5 B')).toBeInTheDocument();
    expect(within(dialog).getByText('Sales Manager')).toBeInTheDocument();
    expect(within(dialog).getByText('checked by')).toBeInTheDocument();
    expect(within(dialog).getByText('acknowledged by')).toBeInTheDocument();
    expect(within(dialog).getByText('In Sequence · Seq 2')).toBeInTheDocument();
    expect(within(dialog).getByText('approver2')).toBeInTheDocument();
    fireEvent.click(button('Close', dialog));

    fireEvent.click(button('Approval status: Saved As Draft'));
    expect(await screen.findByText('PCS approval status data is empty')).toBeInTheDocument();
  });
});

import { boardSortQuery, shownColumnSort } from '../api/leads-api';
import { FILE_TOO_LARGE, fileError, MAX_FILE_BYTES, UNSUPPORTED_FORMAT, UNSUPPORTED_SHEET_FORMAT } from '@/lib/files';
import { projectPeriod } from '@/lib/format';
import { grossProfitMargin } from './labels';

describe('grossProfitMargin', () => {
  it('is GP over revenue in percent', () => {
    expect(grossProfitMargin(1000, 170)).toBeCloseTo(17);
    expect(grossProfitMargin(0, 10)).toBeNull();
    expect(grossProfitMargin(null, 10)).toBeNull();
  });
});

describe('projectPeriod', () => {
  it('shows both dates, or a dash when neither is known', () => {
    expect(projectPeriod('2026-01-01', '2026-12-31')).toBe('1-Jan-2026 – 31-Dec-2026');
    expect(projectPeriod(null, '2026-12-31')).toBe('- – 31-Dec-2026');
    expect(projectPeriod(null, null)).toBe('-');
  });
});

describe('fileError', () => {
  it('refuses files over 15 MB', () => {
    expect(fileError('proposalFile', { name: 'a.pdf', size: MAX_FILE_BYTES + 1 })).toBe(FILE_TOO_LARGE);
    expect(fileError('proposalFile', { name: 'a.pdf', size: MAX_FILE_BYTES })).toBeNull();
  });

  it('checks the type by kind', () => {
    expect(fileError('proposalFile', { name: 'deck.PDF', size: 10 })).toBeNull();
    expect(fileError('proposalFile', { name: 'deck.docx', size: 10 })).toBe(UNSUPPORTED_FORMAT);
    expect(fileError('projectCostSheetFile', { name: 'pcs.xlsx', size: 10 })).toBeNull();
    expect(fileError('projectCostSheetFile', { name: 'pcs.xltx', size: 10 })).toBeNull(); // the server takes templates too
    expect(fileError('projectCostSheetFile', { name: 'pcs.pdf', size: 10 })).toBe(UNSUPPORTED_SHEET_FORMAT);
    expect(fileError('customerConfirmationDocumentFile', { name: 'po.png', size: 10 })).toBeNull();
  });
});

describe('boardSortQuery', () => {
  it('joins the column sorts', () => {
    expect(boardSortQuery({})).toBeUndefined();
    expect(boardSortQuery({ E3: 'desc', E1: 'asc' })).toBe('E1:asc,E3:desc');
  });
});

describe('shownColumnSort', () => {
  it('keeps every sort on the whole board and only the filtered column sort with a stage filter', () => {
    expect(shownColumnSort({ E1: 'desc', E4: 'desc' }, undefined)).toEqual({ E1: 'desc', E4: 'desc' });
    expect(shownColumnSort({ E1: 'desc', E4: 'desc' }, 'E4')).toEqual({ E4: 'desc' });
    expect(shownColumnSort({ E4: 'desc' }, 'E2')).toEqual({});
  });
});


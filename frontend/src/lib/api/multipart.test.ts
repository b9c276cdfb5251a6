import { multipart, toFormData, type MultipartBody } from './multipart';

describe('toFormData', () => {
  it('sends the lead edit as JSON in `data` and each file under its kind', () => {
    const deck = new File(['%PDF'], 'deck.pdf', { type: 'application/pdf' });
    const form = toFormData({ data: { projectName: 'X', removeFiles: ['projectCostSheetFile'] }, proposalFile: deck });
    expect(JSON.parse(form.get('data') as string)).toEqual({ projectName: 'X', removeFiles: ['projectCostSheetFile'] });
    expect((form.get('proposalFile') as File).name).toBe('deck.pdf');
    expect(form.get('customerConfirmationDocumentFile')).toBeNull();
  });

  it('sends numbers and text as text and leaves out null and undefined parts', () => {
    const form = toFormData({ leadsId: 19, remark: '', revisionBatch: null, uploadedFile: undefined, flag: false });
    expect(form.get('leadsId')).toBe('19');
    expect(form.get('remark')).toBe('');
    expect(form.get('flag')).toBe('false');
    expect(form.has('revisionBatch')).toBe(false);
    expect(form.has('uploadedFile')).toBe(false);
  });
});

describe('toFormData with several files under one name', () => {
  it('sends one part per file, and an empty list as the JSON it is', () => {
    const one = new File(['a'], 'Voice Note.webm', { type: 'audio/webm' });
    const two = new File(['b'], 'Voice Note.webm', { type: 'audio/webm' });
    const form = toFormData({ data: { leadsId: 19, schedule: [] }, recordings: [one, two], items: [], photos: undefined });
    expect(form.getAll('recordings')).toHaveLength(2);
    expect((form.getAll('recordings')[1] as File).name).toBe('Voice Note.webm');
    expect(form.has('photos')).toBe(false);
    expect(form.get('items')).toBe('[]');
    expect(JSON.parse(form.get('data') as string)).toEqual({ leadsId: 19, schedule: [] });
  });
});

describe('multipart', () => {
  it('gives openapi-fetch the typed body and a serializer of the same parts', () => {
    type Picture = MultipartBody<'/users/me/profile-picture', 'post'>;
    const picture = new File(['png'], 'me.png', { type: 'image/png' });
    const { body, bodySerializer } = multipart<Picture>({ file: picture });
    expect(body.file).toBe(picture);
    expect(bodySerializer().get('file')).toBeInstanceOf(File);
  });
});

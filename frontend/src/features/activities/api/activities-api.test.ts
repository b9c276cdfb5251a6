import { activityParts, type ActivityCreate } from './activities-api';

const DATA: ActivityCreate = {
  leadsId: 19,
  type: 1,
  variant: 2,
  personInCharge: null,
  notes: null,
  location: { name: 'Menara Nusa', address: 'Jl. Sudirman 1', latitude: -6.26, longitude: 106.62 },
  schedule: [],
};

const file = (name: string, type: string) => new File(['x'], name, { type });

describe('activityParts', () => {
  it("sends the spec's fields: numbers as text, the JSON ones as JSON, nothing for what is empty", () => {
    const form = activityParts(DATA, { recordings: [], photos: [], files: [] }).bodySerializer();
    expect([...form.keys()].sort()).toEqual(['leadsId', 'location', 'schedule', 'type', 'variant']);
    expect([form.get('leadsId'), form.get('type'), form.get('variant')]).toEqual(['19', '1', '2']);
    expect(JSON.parse(form.get('location') as string)).toEqual(DATA.location);
    expect(form.get('schedule')).toBe('[]');
  });

  it('sends every photo and file as a `file` part and every voice note as a `recording` part', () => {
    const uploads = {
      recordings: [file('Voice Note.webm', 'audio/webm'), file('Voice Note.webm', 'audio/webm')],
      photos: [file('site.jpg', 'image/jpeg')],
      files: [file('Minutes.pdf', 'application/pdf'), file('call.mp3', 'audio/mpeg')],
    };
    const form = activityParts(
      { ...DATA, personInCharge: { value: 5, label: 'Rina Kartika' }, notes: 'Met the CIO.' },
      uploads,
    ).bodySerializer();
    expect((form.getAll('file') as File[]).map((f) => f.name)).toEqual(['site.jpg', 'Minutes.pdf', 'call.mp3']);
    expect((form.getAll('recording') as File[]).map((f) => f.name)).toEqual(['Voice Note.webm', 'Voice Note.webm']);
    expect(JSON.parse(form.get('personInCharge') as string)).toEqual({ value: 5, label: 'Rina Kartika' });
    expect(form.get('notes')).toBe('Met the CIO.');
    expect(['data', 'recordings', 'photos', 'files'].some((old) => form.has(old))).toBe(false);
  });
});

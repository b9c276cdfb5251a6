import { changeText, changeValue, fieldLabel } from './changes';

describe('audit changes', () => {
  it('names fields in words', () => {
    expect(fieldLabel('phoneNumber')).toBe('Phone');
    expect(fieldLabel('menuLabel')).toBe('Menu label');
  });

  it('writes values: empty as —, booleans as Yes/No, dates and genders in words', () => {
    expect(changeValue('nickname', null)).toBe('—');
    expect(changeValue('nickname', '')).toBe('—');
    expect(changeValue('active', false)).toBe('No');
    expect(changeValue('dob', '1990-03-05')).toBe('5-Mar-1990');
    expect(changeValue('gender', 'F')).toBe('Female');
    expect(changeValue('pages', ['leads', 'coa'])).toBe('leads, coa');
  });

  it('says a change as "field: old → new"', () => {
    expect(changeText({ field: 'active', old: true, new: false })).toBe('Active: Yes → No');
    expect(changeText({ field: 'leader', old: null, new: 'Budi Santoso' })).toBe('Leader: — → Budi Santoso');
  });
});

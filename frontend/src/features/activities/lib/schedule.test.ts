import { movedTo } from './schedule';

describe('movedTo', () => {
  it('is the plan as its form saves it, at the time it was dropped on', () => {
    const row = {
      id: 8, clientId: 3, clientName: 'PT Nusantara Data Center', leadsId: 19, projectName: 'IT Strategy Assessment',
      picId: 5, picName: 'Rina Kartika', activityType: 2, media: 'Presentation', scheduleTime: '2026-12-01T02:00:00Z',
      scheduleNotes: 'Walk through the proposal.', ownerId: 7, ownerName: 'Sari Dewi', editable: true,
    };
    expect(movedTo(row, new Date('2026-12-02T03:30:00Z'))).toEqual({
      id: 8,
      client: { value: 3, label: 'PT Nusantara Data Center' },
      projectName: { value: 19, label: 'IT Strategy Assessment' },
      personInCharge: { value: 5, label: 'Rina Kartika' },
      activity: { value: 2, label: 'Presentation' },
      dateAndTime: '2026-12-02T03:30:00.000Z',
      remark: 'Walk through the proposal.',
    });
    expect(movedTo({ ...row, picId: null, picName: null }, new Date('2026-12-02T03:30:00Z')).personInCharge).toBeNull();
  });
});

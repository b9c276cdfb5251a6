import { pictureProblem, PICTURE_MAX_BYTES } from './users-api';

describe('pictureProblem', () => {
  it('accepts images up to 5 MB', () => {
    expect(pictureProblem({ type: 'image/png', size: 1024 })).toBeNull();
    expect(pictureProblem({ type: 'image/jpeg', size: PICTURE_MAX_BYTES })).toBeNull();
  });
  it('rejects other types and larger files', () => {
    expect(pictureProblem({ type: 'application/pdf', size: 10 })).toMatch(/Only PNG/);
    expect(pictureProblem({ type: 'image/png', size: PICTURE_MAX_BYTES + 1 })).toMatch(/5 MB/);
  });
});

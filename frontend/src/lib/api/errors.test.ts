import { ApiError, errorMessage } from './errors';

describe('ApiError', () => {
  it('carries the server messages and status', () => {
    const error = new ApiError(404, { messages: ['Lead not found'], type: 'NotFound' });
    expect(error.status).toBe(404);
    expect(error.messages).toEqual(['Lead not found']);
    expect(error.type).toBe('NotFound');
  });

  it('falls back to ["got errors"] when the body has no messages', () => {
    expect(new ApiError(500, 'Internal Server Error').messages).toEqual(['got errors']);
    expect(new ApiError(500, { messages: [] }).messages).toEqual(['got errors']);
    expect(new ApiError(502, null).messages).toEqual(['got errors']);
  });

  it('errorMessage prefers the server message, then the fallback', () => {
    expect(errorMessage(new ApiError(400, { messages: ['Bad'] }), 'Fallback')).toBe('Bad');
    expect(errorMessage(new ApiError(500, {}), 'Fallback')).toBe('Fallback');
    expect(errorMessage(new TypeError('Failed to fetch'), 'Fallback')).toBe('Fallback');
  });
});

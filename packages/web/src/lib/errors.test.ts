// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ApiError, NotAuthorizedError, resolveErrorMessage } from './errors';

describe('error message resolution (platform §8)', () => {
  it('reads Message, then title, then error from the response data', () => {
    expect(
      resolveErrorMessage(new ApiError(400, 'Bad Request', { Message: 'Name is taken', title: 'Bad Request' })),
    ).toBe('Name is taken');
    expect(resolveErrorMessage(new ApiError(409, 'Conflict', { title: 'Conflict' }))).toBe('Conflict');
    expect(resolveErrorMessage(new ApiError(418, '', { error: 'Teapot' }))).toBe('Teapot');
    expect(resolveErrorMessage(new ApiError(422, '', 'Plain text reason'))).toBe('Plain text reason');
  });

  it('falls back to the status defaults and then to Something went Wrong', () => {
    expect(new ApiError(403, 'Forbidden', null).message).toBe("You don't have a permission.");
    expect(new ApiError(400, 'Bad Request', {}).message).toBe('Bad Request');
    expect(new ApiError(401, 'Unauthorized', undefined).message).toBe('Your session has expired. Please log back in.');
    expect(new ApiError(500, 'Internal', '<html>oops</html>').message).toBe('Something went Wrong');
    expect(resolveErrorMessage(undefined)).toBe('Something went Wrong');
  });

  it('uses the message of any other error', () => {
    expect(resolveErrorMessage(new TypeError('Failed to fetch'))).toBe('Failed to fetch');
    expect(resolveErrorMessage(new NotAuthorizedError())).toBe('Not authorized');
    expect(resolveErrorMessage('text')).toBe('text');
  });

  it('exposes per-field messages of a 400', () => {
    const err = new ApiError(400, 'Bad Request', {
      Message: 'x',
      Errors: [
        { Field: 'OldPassword', Message: 'The current password is not correct.' },
        { Field: 'OldPassword', Message: 'second' },
      ],
    });
    expect(err.fieldErrors).toEqual({ OldPassword: 'The current password is not correct.' });
  });
});

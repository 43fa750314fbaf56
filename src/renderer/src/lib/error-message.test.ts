import { describe, expect, it } from 'vitest';
import { MountbenchError } from '../../../shared/errors';
import { errorCode, errorMessage } from './error-message';

describe('errorMessage', () => {
  it("shows the core's own message of a rebuilt error", () => {
    const err = new MountbenchError(
      'ENGINE_UNREACHABLE',
      'colima is not running (start it with `colima start`)',
    );
    expect(errorMessage(err)).toBe('colima is not running (start it with `colima start`)');
    expect(errorCode(err)).toBe('ENGINE_UNREACHABLE');
  });

  it("drops Electron's remote-method wrapper", () => {
    const err = new Error("Error invoking remote method 'results:get': Error: no run abc is stored");
    expect(errorMessage(err)).toBe('no run abc is stored');
  });

  it('reads plain error data and strings', () => {
    expect(
      errorMessage({ name: 'MountbenchError', message: 'bad.json is not valid', code: 'FILE_INVALID' }),
    ).toBe('bad.json is not valid');
    expect(errorMessage('offline')).toBe('offline');
    expect(errorCode('offline')).toBeNull();
  });

  it('never shows an empty message', () => {
    expect(errorMessage(new Error(''))).toMatch(/no message/);
  });
});

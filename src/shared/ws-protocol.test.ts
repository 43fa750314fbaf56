import { describe, expect, it } from 'vitest';
import { MAX_IMPORT_CHARS } from './api-calls';
import { WS_MAX_MESSAGE_BYTES } from './ws-protocol';

describe('WS_MAX_MESSAGE_BYTES', () => {
  it('leaves room for the largest import plus its JSON escaping, and not much more', () => {
    expect(WS_MAX_MESSAGE_BYTES).toBeGreaterThanOrEqual(MAX_IMPORT_CHARS * 1.2);
    expect(WS_MAX_MESSAGE_BYTES).toBeLessThanOrEqual(MAX_IMPORT_CHARS * 1.5);
  });
});

import { describe, expect, it } from 'vitest';
import type { WsReply } from '../shared/ws-protocol';
import { shareAnswer } from '../core/app/shared-answer';
import { wsReplyText } from './ws-reply-text';

const listing = () => [
  { id: 'run-1', backends: ['bind', 'volume'], winner: { state: 'decided', label: 'volume' } },
  { id: 'run-2', backends: [], winner: null, imported: 'another machine' },
];

describe('wsReplyText', () => {
  it('is JSON.stringify of the reply, for shared answers and any other', () => {
    const shared = shareAnswer(listing());
    const replies: WsReply[] = [
      { id: 7, ok: true, value: shared },
      { id: 'x"y', ok: true, value: shared },
      { id: null, ok: true, value: shared },
      { id: 8, ok: true, value: listing() },
      { id: 9, ok: true },
      { id: 10, ok: false, error: { name: 'MountbenchError', message: 'no', code: 'BUSY' } },
    ];
    for (const reply of replies) expect(wsReplyText(reply)).toBe(JSON.stringify(reply));
  });

  it('serialises a shared answer once for every call it answers', () => {
    let serialised = 0;
    const value = { runs: listing(), toJSON: () => ((serialised += 1), { runs: 'listed' }) };
    const shared = shareAnswer(value);
    for (let id = 1; id <= 50; id++)
      expect(JSON.parse(wsReplyText({ id, ok: true, value: shared }))).toEqual({
        id,
        ok: true,
        value: { runs: 'listed' },
      });
    expect(serialised).toBe(1);
  });

  it('serialises an answer not marked shared for every call', () => {
    let serialised = 0;
    const value = { toJSON: () => ((serialised += 1), 'v') };
    wsReplyText({ id: 1, ok: true, value });
    wsReplyText({ id: 2, ok: true, value });
    expect(serialised).toBe(2);
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_CHANNELS, API_EVENT_CHANNELS, splitChannel } from './api-channels';

// docs/architecture.md's "The API contract" lists every channel with its method; this keeps the
// table equal to the one list of channels (api-channels.ts), in both directions.
function channelTable(markdown: string): { channel: string; push: boolean; method: string }[] {
  const section = markdown.split(/^## /m).find((part) => part.startsWith('The API contract'));
  if (!section) throw new Error('docs/architecture.md has no "The API contract" section');
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => {
      const [first = '', method = ''] = line
        .split('|')
        .slice(1)
        .map((cell) => cell.trim());
      const channel = /^`([^`]+)`/.exec(first)?.[1] ?? first;
      return { channel, push: first.includes('(push)'), method };
    });
}

describe('docs/architecture.md channel table', () => {
  const rows = channelTable(readFileSync(join(__dirname, '..', '..', 'docs', 'architecture.md'), 'utf8'));

  it('lists every call and every pushed stream, once each, and nothing else', () => {
    const listed = [...API_CHANNELS, ...Object.values(API_EVENT_CHANNELS)];
    expect(rows.map((row) => row.channel).sort()).toEqual([...listed].sort());
  });

  it('names each call by its method and each stream by its onEvent', () => {
    const pushed = new Map(Object.entries(API_EVENT_CHANNELS).map(([domain, channel]) => [channel, domain]));
    for (const row of rows) {
      const domain = pushed.get(row.channel as never);
      const method = domain
        ? `${domain}.onEvent(`
        : `${splitChannel(row.channel as (typeof API_CHANNELS)[number]).join('.')}(`;
      expect(row.push, row.channel).toBe(domain !== undefined);
      expect(row.method.startsWith(`\`${method}`), `${row.channel}: ${row.method}`).toBe(true);
    }
  });
});

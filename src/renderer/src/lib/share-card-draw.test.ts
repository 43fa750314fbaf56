import { describe, expect, it } from 'vitest';
import { timePerWords } from './compare-data';
import { labelParts } from './share-card-draw';

/** 7 px a character, as a monospace font would measure. */
const measure = (text: string) => [...text].length * 7;

describe('labelParts', () => {
  it('keeps both names whole where they fit, the machine first', () => {
    expect(labelParts(measure, 'VirtioFS bind', 'M1 Pro', 400)).toEqual({
      sub: 'M1 Pro',
      label: 'VirtioFS bind',
    });
  });

  it('never cuts a machine name to nothing or to "App…" when the line is short', () => {
    const parts = labelParts(measure, 'bind mount · gRPC FUSE', 'Apple MacBook Pro (Intel, 2017)', 150);
    expect(parts.sub).not.toBeNull();
    expect(parts.sub!.replace('…', '').length).toBeGreaterThanOrEqual(8);
    expect(parts.label.replace('…', '').length).toBeGreaterThanOrEqual(8);
    // Even on a line too narrow for either.
    const tiny = labelParts(measure, 'bind mount · gRPC FUSE', 'Apple MacBook Pro', 20);
    expect(tiny.sub).toBe('Apple Ma…');
    expect(tiny.label).toBe('bind mou…');
  });
});

describe('timePerWords', () => {
  it('says per run for whole-run figures and per operation only where a sample is many', () => {
    expect(timePerWords([{ opsPerSample: 1 }])).toBe('time per run');
    expect(timePerWords([{ opsPerSample: 4096 }])).toBe('time per operation');
    expect(timePerWords([{ opsPerSample: 1 }, { opsPerSample: 4096 }])).toBe(
      'time per run (per operation where a run is many)',
    );
  });
});

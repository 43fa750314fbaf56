import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { onStopSignals, STOP_SIGNALS, type StopSignal } from './stop-signals';

describe('onStopSignals', () => {
  it.each(STOP_SIGNALS)('%s stops once; a later signal is only "again"', (signal) => {
    const source = new EventEmitter();
    const stops: StopSignal[] = [];
    const agains: StopSignal[] = [];
    const dispose = onStopSignals(
      (s) => stops.push(s),
      (s) => agains.push(s),
      source,
    );
    source.emit(signal);
    source.emit('SIGINT');
    expect(stops).toEqual([signal]);
    expect(agains).toEqual(['SIGINT']);
    dispose();
    for (const name of STOP_SIGNALS) expect(source.listenerCount(name)).toBe(0);
  });

  it('covers SIGHUP, the one Node would otherwise die of without clean-up', () => {
    expect(STOP_SIGNALS).toContain('SIGHUP');
  });
});

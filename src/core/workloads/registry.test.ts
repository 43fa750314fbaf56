import { describe, expect, it } from 'vitest';
import { TOOLS_WORKLOAD_IDS, WORKLOAD_IDS } from '../../shared/ids';
import { allWorkloads, resolveWorkload, workloadById } from './registry';

describe('workload registry', () => {
  it('has every fixed workload under its own id, in the order of WORKLOAD_IDS', () => {
    const fixed = WORKLOAD_IDS.filter((id) => id !== 'custom');
    expect(allWorkloads().map((w) => w.id)).toEqual(fixed);
    for (const id of fixed) expect(workloadById(id).id).toBe(id);
  });

  it('lists in TOOLS_WORKLOAD_IDS exactly the workloads that need the tools image', () => {
    const needing = allWorkloads()
      .filter((w) => (w.needsTools ?? []).length > 0)
      .map((w) => w.id);
    expect([...TOOLS_WORKLOAD_IDS].sort()).toEqual([...needing].sort());
  });

  it('gives every workload a quick and a default size', () => {
    for (const workload of allWorkloads()) {
      expect(Object.keys(workload.sizes).sort()).toEqual(['default', 'quick']);
    }
  });

  it('makes the custom workload from the request, and refuses one without a command', () => {
    const custom = resolveWorkload('custom', { command: 'make' }, { allowHostCommands: false });
    expect(custom.kind === 'script' ? custom.cases('quick')[0].script : null).toBe('make');
    expect(custom.unsupportedOn('host')).toMatch(/only when typed on the command line/);
    expect(
      resolveWorkload('custom', { command: 'make' }, { allowHostCommands: true }).unsupportedOn('host'),
    ).toBeNull();
    expect(() => resolveWorkload('custom', undefined, { allowHostCommands: true })).toThrow(
      /needs a command/,
    );
  });
});

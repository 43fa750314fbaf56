// The user's own project in the exports: which figures are cold-cache, each backend's first (cold)
// run, and the dependency-folder verdict, said the same way in Markdown as in the CLI and dashboard.
import { describe, expect, it } from 'vitest';
import type { RunFile, WorkloadResult } from '../../shared/result-schema';
import { runFileSchema } from '../../shared/result-schema';
import { sampleRun, sampleWorkloadResult } from '../store/test-support/run-fixture';
import { runCsv } from './csv';
import { runMarkdown } from './markdown';
import { sampleDependencySplit } from '../../shared/test-support/dependency-split-sample';

function projectRun(): RunFile {
  const base = sampleWorkloadResult();
  const custom = (id: string, label: string, extra: Partial<WorkloadResult>): WorkloadResult => ({
    ...base,
    backend: { id, provider: 'docker-engine', variant: 'native', mount: 'bind', label },
    workload: { id: 'custom', size: 'default', params: { command: 'npm run build', folder: '', image: '' } },
    firstRun: { seconds: 38, differs: true },
    ...extra,
  });
  return sampleRun({
    results: [
      custom('docker-engine/native/bind', 'bind mount · native', { coldCache: 'vm' }),
      {
        ...custom(
          'docker-engine/native/bind+node_modules-volume',
          'bind mount · native · node_modules in a named volume',
          {
            coldCache: 'vm',
          },
        ),
        backend: {
          id: 'docker-engine/native/bind+node_modules-volume',
          provider: 'docker-engine',
          variant: 'native',
          mount: 'bind',
          label: 'bind mount · native · node_modules in a named volume',
          dependencyVolume: 'node_modules',
        },
      },
    ],
    dependencySplit: [sampleDependencySplit()],
  });
}

describe('exports of a run of your own project', () => {
  it('is a valid run file', () => {
    expect(runFileSchema.safeParse(projectRun()).success).toBe(true);
  });

  it('Markdown says the figures are cold-cache, lists first runs and the dependency verdict', () => {
    const md = runMarkdown(projectRun());
    expect(md).toContain("Cold cache: the engine VM's page cache was dropped before every sample.");
    expect(md).toContain('**First (cold) runs**');
    expect(md).toMatch(
      /- bind mount · native: first run after the project was laid 38\.0+ s, then a cold-cache median of /,
    );
    expect(md).toContain('**Dependency folder**');
    expect(md).toContain(
      '- keep `node_modules` in a volume: 3.10 × (2.80 … 3.40) faster here than all on bind mount · native',
    );
  });

  it('CSV has a cold_cache column', () => {
    const [header, row] = runCsv(projectRun()).split('\n');
    const column = header.split(',').indexOf('cold_cache');
    expect(column).toBeGreaterThan(-1);
    expect(row.split(',')[column]).toBe('vm');
  });
});

// A complete, valid result file for tests (store and schema). Real-looking values, so a test that
// breaks one field shows exactly which rule caught it.
import type { RunFile, WorkloadResult } from '../../../shared/result-schema';

export function sampleWorkloadResult(): WorkloadResult {
  return {
    backend: {
      id: 'docker-desktop/vz-virtiofs/bind',
      provider: 'docker-desktop',
      variant: 'vz-virtiofs',
      mount: 'bind',
      label: 'Docker Desktop, VZ + VirtioFS, bind mount',
    },
    workload: { id: 'small-file-read', size: 'quick', params: { files: 2000, fileBytes: 5120 } },
    fsType: 'virtiofs',
    clock: { source: 'adjtimex', resolutionSeconds: 1e-6, overheadSeconds: 0.00012 },
    cache: 'warm',
    warmupRuns: 2,
    stats: {
      samples: [0.151, 0.149, 0.153, 0.15, 0.152],
      mean: 0.151,
      stddev: 0.00158113883008419, // √(Σ(x - 0.151)² / 4) = √(1e-5 / 4)
      median: 0.151,
      min: 0.149,
      max: 0.153,
      runs: 5,
      user: null,
      system: null,
      outliers: [],
    },
    derived: {},
    warnings: [],
  };
}

export function sampleRun(overrides: Partial<RunFile> = {}): RunFile {
  return {
    schema: 'mountbench-run',
    version: 1,
    id: '20240501-101500-a1b2c3',
    createdAt: '2024-05-01T10:15:00.000Z',
    finishedAt: '2024-05-01T10:17:42.000Z',
    status: 'completed',
    app: { name: 'mountbench', version: '0.1.0' },
    machine: {
      chip: 'Apple M1 Pro',
      arch: 'arm64',
      processArch: 'x64',
      rosetta: true,
      cores: 10,
      memoryBytes: 34359738368,
      os: { platform: 'darwin', name: 'macOS', version: '14.4.1', kernel: 'Darwin 23.4.0' },
    },
    engine: {
      name: 'desktop-linux',
      endpoint: 'unix:///Users/alice/.docker/run/docker.sock',
      provider: 'docker-desktop',
      serverVersion: '26.0.0',
      apiVersion: '1.45',
      os: 'Docker Desktop',
      osType: 'linux',
      arch: 'aarch64',
      kernelVersion: '6.6.22-linuxkit',
      cpus: 8,
      memoryBytes: 8217473024,
    },
    image: 'busybox:1.36.1',
    results: [sampleWorkloadResult()],
    errors: [],
    ...overrides,
  };
}

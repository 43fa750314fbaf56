import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

// Unit tests sit beside their sources and need nothing running. Integration tests talk to the real
// Docker Engine (and real FUSE mounts), so they run one file at a time with generous timeouts.
// The unit tests are two projects, `unit` (Node) and `unit-renderer` (jsdom): `npm run test:unit`
// runs both, as `--project 'unit*'` does.
const UNIT_FILES = ['src/**/*.test.ts', 'src/**/*.test.tsx'];
// A time-out is a hang guard, not a timing check: a scripted race of 30 rounds takes 1 s on a quiet
// machine and passed 5 s once on a loaded one, beside the engine suites; removing the workload
// scripts' fixtures in an afterAll passed the default 10 s once at load 12.
const UNIT_TIMEOUT_MS = 30_000;

// Vitest's default is one worker fewer than the cores: on a 2-core machine one, so the unit files
// ran one after another on one core. Two workers took the unit projects from 92 s to 62 s of wall
// time at load 4, for the same CPU (docs/development.md). The integration and VM projects still run
// one file at a time (fileParallelism: false), each in its own group after the unit projects.
const MAX_WORKERS = Math.max(2, availableParallelism() - 1);

export default defineConfig({
  test: {
    maxWorkers: MAX_WORKERS,
    projects: [
      {
        // Everything but the renderer: plain Node, no module mocks, no DOM. Run without isolation
        // (one module graph per worker, shared by the files it runs): re-importing the core for
        // each of 235 files was most of this part's time (docs/development.md, "Unit tests without
        // isolation"). A test that changes anything global (process.env, timers, a spy) puts it
        // back in afterEach or finally, and the part passes in any file order (--sequence.shuffle).
        test: {
          name: 'unit',
          include: UNIT_FILES,
          exclude: [...configDefaults.exclude, 'src/renderer/**'],
          environment: 'node',
          isolate: false,
          testTimeout: UNIT_TIMEOUT_MS,
          hookTimeout: UNIT_TIMEOUT_MS,
        },
      },
      {
        // The renderer's tests render into jsdom (`@vitest-environment jsdom` per file) and leave
        // their DOM behind, so each file keeps its own environment.
        test: {
          name: 'unit-renderer',
          include: UNIT_FILES.map((glob) => glob.replace('src/', 'src/renderer/')),
          environment: 'node',
          testTimeout: UNIT_TIMEOUT_MS,
          hookTimeout: UNIT_TIMEOUT_MS,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 300_000,
          hookTimeout: 300_000,
          fileParallelism: false,
          // After the unit projects, never beside them: with two workers a unit file could otherwise
          // run next to an integration file's real-engine measuring and its fixed container names.
          sequence: { groupOrder: 1 },
        },
      },
      {
        // Across a real VM boundary (test/vm-rig: a QEMU guest built from Debian packages); needs
        // root, qemu-system-x86, qemu-utils, debootstrap and OpenSSH. CI runs it beside the others.
        test: {
          name: 'vm',
          include: ['test/vm/**/*.test.ts'],
          environment: 'node',
          testTimeout: 900_000,
          hookTimeout: 1_800_000,
          fileParallelism: false,
          // Its own group: CI starts it in a process of its own beside the others.
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});

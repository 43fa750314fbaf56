import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { VM_HANG_GUARD_MS } from './test/vm-rig/hang-guard';
import { LongestFirstSequencer } from './test/sequencer/longest-first';

// Unit tests sit beside their sources and need nothing running. Integration tests talk to the real
// Docker Engine (and real FUSE mounts), so they run one file at a time with generous timeouts.
// The unit tests are two projects, `unit` (Node) and `unit-renderer` (jsdom): `npm run test:unit`
// runs both, as `--project 'unit*'` does.
const UNIT_FILES = ['src/**/*.test.ts', 'src/**/*.test.tsx'];
// The check's own logic (its timing table, the VM rig's load-scaled waits) is unit-tested beside it.
const SCRIPT_FILES = ['scripts/**/*.test.ts', 'test/vm-rig/**/*.test.ts', 'test/sequencer/**/*.test.ts'];
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
    // Each project's files longest first, by the seconds a recorded full check took (a fresh clone
    // has no Vitest cache to order them by): the longest starts at once, the rest fill around it.
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        // Everything but the renderer: plain Node, no module mocks, no DOM. Run without isolation
        // (one module graph per worker, shared by the files it runs): re-importing the core for
        // each of 235 files was most of this part's time (docs/development.md, "Unit tests without
        // isolation"). A test that changes anything global (process.env, timers, a spy) puts it
        // back in afterEach or finally, and the part passes in any file order (--sequence.shuffle).
        test: {
          name: 'unit',
          include: [...UNIT_FILES, ...SCRIPT_FILES],
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
          setupFiles: ['src/renderer/src/test-support/async-wait-limit.ts'],
          testTimeout: UNIT_TIMEOUT_MS,
          hookTimeout: UNIT_TIMEOUT_MS,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          // Host fixtures laid once per workload and size for the whole run (engine-run.ts).
          globalSetup: ['test/integration/global-setup.ts'],
          testTimeout: 300_000,
          hookTimeout: 300_000,
          // Three files at a time: one at a time left a core idle, the files mostly waiting on the
          // engine and the stand-ins (1,232 s of CPU in 1,478 s of wall, docs/development.md), and
          // two still left most of a core idle in the check's last 500 s, when the VM suite and
          // the flows have ended and the project runs alone; the first check with three took as
          // long as with two (1,647 s: docs/development.md, "The full check's time"), so which is
          // better is still open. Every check a file makes on the engine is scoped to its own runs and
          // processes (owner labels, run ids, its own folders), and what one file kills is looked
          // at before it dies (a stopped process is alive: no other Mountbench's clean-up takes
          // its containers). Figures measured beside other files are slower, and no test asserts
          // a time.
          fileParallelism: true,
          // Three, whatever the cores: what was made safe and measured is files side by side.
          maxWorkers: 3,
          // After the unit projects when run in one invocation (npm test runs them apart).
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
          // A hang guard (test/vm-rig/hang-guard.ts): the rig's own waits are load-scaled.
          testTimeout: VM_HANG_GUARD_MS,
          hookTimeout: VM_HANG_GUARD_MS,
          fileParallelism: false,
          // Its own group: CI starts it in a process of its own beside the others.
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});

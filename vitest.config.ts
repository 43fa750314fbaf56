import { defineConfig } from 'vitest/config';

// Unit tests sit beside their sources and need nothing running. Integration tests talk to the real
// Docker Engine (and real FUSE mounts), so they run one file at a time with generous timeouts.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
          environment: 'node',
          // A time-out is a hang guard, not a timing check: a scripted race of 30 rounds takes 1 s on
          // a quiet machine and passed 5 s once on a loaded one, beside the engine suites.
          testTimeout: 30_000,
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
        },
      },
    ],
  },
});

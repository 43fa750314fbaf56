// The user's own workload: their command, on a copy of their project folder, optionally in their
// own image (which must have `sh`). It is timed like every other workload.
import { MountbenchError } from '../../shared/errors';
import type { MountKind } from '../../shared/ids';
import { projectName } from '../project/project-folder';
import { printable } from '../../shared/printable';
import { directoryFixture } from '../fixtures/directory-fixture';
import type { WorkloadDefinition } from './workload';

export interface CustomSpec {
  command: string;
  /** Host folder copied into the workload folder before the runs; omitted: an empty folder. */
  folder?: string;
  /** Image to run in instead of the bench image. */
  image?: string;
}

export interface CustomParams extends Record<string, string> {
  command: string;
  /** The project folder's name: results and exports carry it, never the folder's path. */
  project: string;
  image: string;
}

export function customWorkload(
  spec: CustomSpec | undefined,
  options: { allowOnHost: boolean },
): WorkloadDefinition<CustomParams> {
  if (!spec?.command.trim()) {
    throw new MountbenchError('BAD_INPUT', 'the custom workload needs a command', {
      remedy: { kind: 'use-cli', what: 'the command (--command)' },
    });
  }
  const folder = spec.folder;
  const params: CustomParams = {
    command: spec.command,
    // Stored in the result and printed by every output: the folder's name with controls escaped.
    project: folder ? printable(projectName(folder)) : '',
    image: spec.image ?? '',
  };
  return {
    id: 'custom',
    title: 'Custom',
    description: 'Your own command on a copy of your project folder.',
    sizes: { default: params, quick: params },
    sizeWords: (p) => (p.project ? `your command on a copy of ${p.project}` : 'your command'),
    // Nothing is known of the command: a round guess, said as an estimate like every other.
    cost: () => ({ cases: 1, perExecution: 5, fixture: 5 }),
    fixture: () => (folder ? directoryFixture(folder) : null),
    // What the command writes is unknown: on a sync mount, flush it back like any write.
    writes: true,
    script: (p) => p.command,
    derive: () => ({}),
    // Commands that arrive from the dashboard must never run on the host itself.
    unsupportedOn: (mount: MountKind) =>
      mount === 'host' && !options.allowOnHost
        ? 'a custom command runs on the host only when typed on the command line (--command), never one from a project file or a page'
        : null,
  };
}

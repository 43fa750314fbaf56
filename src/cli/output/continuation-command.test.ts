// The printed "keep measuring" command names every setting the continued run must share with the
// first half, the tools image among them: typed again, it runs in that image whatever
// MOUNTBENCH_TOOLS_IMAGE says by then.
import { describe, expect, it } from 'vitest';
import { checkedToolsImage } from '../../core/runner/tools-image';
import type { RunRequest } from '../../shared/run-plan';
import { continuationCommand } from './continuation-command';

const request: RunRequest = {
  mounts: ['bind'],
  variants: ['native', 'fuse'],
  workloads: ['code-search'],
  backends: ['docker-engine/native/bind', 'docker-engine/fuse/bind'],
  size: 'quick',
  runs: 5,
  maxRuns: 20,
  warmup: 1,
  race: true,
  image: 'mountbench/bench:offline',
  toolsImage: 'example.org/my-tools:1',
};

describe('continuationCommand', () => {
  it('names the tools image of the first half, which then wins over the environment', () => {
    const command = continuationCommand(request);
    expect(command).toContain('--tools-image example.org/my-tools:1');
    const typed = command.split(' ');
    const carried = typed[typed.indexOf('--tools-image') + 1];
    expect(checkedToolsImage(carried, { MOUNTBENCH_TOOLS_IMAGE: 'example.org/other:2' }, [carried])).toBe(
      'example.org/my-tools:1',
    );
  });

  it('leaves the flag out when the continued workloads need no tools image', () => {
    const { toolsImage: _none, ...benchOnly } = request;
    expect(continuationCommand({ ...benchOnly, workloads: ['small-file-read'] })).not.toContain(
      '--tools-image',
    );
  });
});

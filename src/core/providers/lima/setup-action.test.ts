import { describe, expect, it } from 'vitest';
import type { ActionStep } from '../../../shared/recommendation';
import { describeSetup } from '../../vocab/setup-kind';
import { limaAction } from './setup-action';
import { limaTradeOffs } from './trade-offs';

const commands = (steps: ActionStep[]) => steps.flatMap((s) => (s.kind === 'command' ? [s.command] : []));
const setup = (key: string, label: string) =>
  describeSetup({ key, label, provider: 'lima', fileSharing: null, mount: 'bind' });

describe('Lima advice', () => {
  it("edits the mount type of the user's stopped instance, with 9p's msize and cache from the variant", () => {
    const a = limaAction(setup('lima/qemu-9p-512k-mmap/bind', 'QEMU + 9p, msize 512KiB, cache mmap'), {});
    expect(a.kind).toBe('command');
    expect(a.apply).toEqual({ provider: 'lima', variant: 'qemu-9p-512k-mmap' });
    expect(commands(a.steps)[0]).toBe(
      `limactl stop docker && limactl edit --mount-type=9p --set '.mounts[].9p.msize = "512KiB" | .mounts[].9p.cache = "mmap"' docker && limactl start docker`,
    );
  });

  it('says that another VM type is a new instance, and names reverse-sshfs as Lima spells it', () => {
    const a = limaAction(setup('lima/vz-reverse-sshfs/bind', 'VZ + reverse-sshfs'), {});
    expect(commands(a.steps)[0]).toContain('--mount-type=reverse-sshfs');
    expect(a.steps.some((s) => s.kind === 'note' && /--vm-type=vz/.test(s.text))).toBe(true);
  });

  it('is a whole engine to switch to, and warns of the read-only home and of reverse-sshfs events', () => {
    const ids = limaTradeOffs(setup('lima/qemu-reverse-sshfs/bind', 'QEMU + reverse-sshfs')).map((t) => t.id);
    expect(ids).toEqual(['lima-whole-engine', 'lima-home-read-only', 'lima-reverse-sshfs']);
    expect(limaTradeOffs(setup('lima/vz-virtiofs/bind', 'VZ + virtiofs')).map((t) => t.id)).not.toContain(
      'lima-reverse-sshfs',
    );
  });
});

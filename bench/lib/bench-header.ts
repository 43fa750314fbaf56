// The lines every benchmark prints first, so a pasted figure always says where and when it was
// taken. The load average is there because a busy machine is the usual reason figures drift.
import { loadavg } from 'node:os';
import type Dockerode from 'dockerode';
import { getMachineInfo } from '../../src/core/machine';

export interface HeaderEngine {
  docker: Dockerode;
  /** The endpoint the benchmark talks to, e.g. `unix:///var/run/docker.sock`. */
  endpoint: string;
  image: string;
}

function gib(bytes: number): string {
  return `${(bytes / 2 ** 30).toFixed(1)} GiB`;
}

export function loadLine(): string {
  return loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
}

export async function benchHeader(title: string, engine: HeaderEngine | null): Promise<string> {
  const machine = await getMachineInfo();
  const lines = [
    title,
    '='.repeat(title.length),
    `date     ${new Date().toISOString()}`,
    `machine  ${machine.chip}, ${machine.cores} cores, ${gib(machine.memoryBytes)}, ` +
      `${machine.os.name} ${machine.os.version} (kernel ${machine.os.kernel}), ${machine.arch}`,
    `node     ${process.version}`,
  ];
  if (engine) {
    const version = await engine.docker.version();
    const image = await engine.docker
      .getImage(engine.image)
      .inspect()
      .then((info) => info.Id.replace(/^sha256:/, '').slice(0, 12))
      .catch(() => 'not present yet');
    lines.push(
      `engine   Docker ${version.Version} (API ${version.ApiVersion}), ${version.Os}/${version.Arch}, ` +
        `kernel ${version.KernelVersion} at ${engine.endpoint}`,
      `image    ${engine.image} (${image})`,
    );
  } else {
    lines.push('engine   not used by this benchmark');
  }
  lines.push(`load     ${loadLine()} (1, 5, 15 min) at the start`);
  return lines.join('\n');
}

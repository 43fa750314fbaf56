// Whether an engine runs on this machine's own kernel: a local socket, a Linux engine, and the
// kernel release it reports is ours. Only then are its bind mounts this machine's own disk and its
// page cache this machine's; an engine in a VM (a Mac's, or a Linux guest behind a forwarded
// socket) reports the guest's kernel, and its bind mounts cross a share to reach the host folder.
import { release } from 'node:os';
import type { EngineInfo } from '../../shared/result-schema';

function isLocalEndpoint(endpoint: string): boolean {
  return endpoint.startsWith('unix://') || endpoint.startsWith('npipe://');
}

export function runsOnThisKernel(
  engine: Pick<EngineInfo, 'endpoint' | 'kernelVersion' | 'osType'>,
  hostKernel: string = release(),
): boolean {
  return isLocalEndpoint(engine.endpoint) && engine.osType === 'linux' && engine.kernelVersion === hostKernel;
}

// The opening every hyperfine comparison bench shares: the engine, the bench header printed, and
// the bench image with the host's hyperfine copied in (HYPERFINE or Debian's path).
import { resolveEngine } from '../../src/core/engines';
import { benchHeader } from './bench-header';
import { buildHyperfineImage, DEFAULT_HYPERFINE } from './hyperfine-image';

export async function openHyperfineBench(title: string, baseImage: string, tag: string, signal: AbortSignal) {
  const { engine, docker } = await resolveEngine(undefined);
  process.stdout.write(
    `${await benchHeader(title, { docker, endpoint: engine.endpoint, image: baseImage })}\n`,
  );
  const built = await buildHyperfineImage(
    docker,
    baseImage,
    tag,
    process.env.HYPERFINE || DEFAULT_HYPERFINE,
    signal,
  );
  return { engine, docker, built };
}

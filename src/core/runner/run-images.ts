// The images a run's containers need, got before any starts: the bench image, each workload's own
// (the custom workload's, the tools image) and the cold-cache helper.
import type { PullProgress } from '../../shared/pull-progress';
import { ensureHelperImage } from './cold-cache';
import { ensureImage, type ImageRole } from './image';
import type { RunContext } from './run-context';
import type { RunLog } from './run-log';
import { ownImageOf, type WorkloadsOfRun } from './run-workload-plan';
import { ensureToolsImage } from './tools-image-build';

export async function ensureImages(
  ctx: WorkloadsOfRun &
    Pick<RunContext, 'docker' | 'backends' | 'image' | 'toolsImage' | 'runId' | 'signal' | 'env'>,
  log: RunLog,
): Promise<void> {
  if (!ctx.docker || !ctx.backends.some((b) => b.mount !== 'host')) return;
  const roles = new Map<string, ImageRole>([[ctx.image, 'bench']]);
  for (const id of ctx.request.workloads) {
    const own = ownImageOf(ctx, id);
    if (own && !roles.has(own.image)) roles.set(own.image, own.role);
  }
  for (const [image, role] of roles) {
    const progress = (p: PullProgress) => log.emit({ type: 'image-progress', runId: ctx.runId, image, ...p });
    if (role !== 'tools') {
      await ensureImage(ctx.docker, image, ctx.signal, progress, role);
      continue;
    }
    // The default tools image is built on the engine, not pulled (tools-image-build.ts). Without
    // it only the workloads needing it are lost, each with the reason; the others still run.
    try {
      await ensureToolsImage(ctx.docker, image, ctx.signal, progress);
    } catch (err) {
      if (ctx.signal.aborted) throw err;
      log.missingImages.add(image);
      for (const id of ctx.request.workloads)
        if (ownImageOf(ctx, id)?.image === image) log.error(err, null, id);
    }
  }
  if (ctx.request.coldCache) await ensureHelperImage(ctx.docker, ctx.env, ctx.signal);
}

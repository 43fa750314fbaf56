// Everything between "the user asked for this" and "the runner starts": validate the request,
// find the engine (only when a container mount needs one), plan the backends, name the run.
import { randomBytes } from 'node:crypto';
import type Dockerode from 'dockerode';
import { MountbenchError } from '../../shared/errors';
import type { Backend, EngineInfo } from '../../shared/result-schema';
import { runRequestSchema, type RunRequest } from '../../shared/run-plan';
import type { ProviderVariantView } from '../../shared/sweep';
import { engineInfoFrom, resolveEngine } from '../engines';
import { withProductRelease } from './product-release';
import { dockerEngineVariants } from '../providers/docker-engine';
import { describeIssues } from '../store';
import { checkedBenchImage, checkImageReference } from './image';
import { coldCacheRefusal } from './cold-cache';
import { checkedToolsImage } from './tools-image';
import { AS_IT_IS, needsEngine, planBackends } from '../../shared/backend-plan';
import { requireSyncTools, type SyncTools } from '../sync/availability';

export interface PreparedRun {
  runId: string;
  request: RunRequest;
  backends: Backend[];
  docker: Dockerode | null;
  engine: EngineInfo | null;
  image: string;
  /**
   * The image workloads with `needsTools` run in (tools-image.ts); absent (contexts made by hand,
   * such as a sweep's or a test's): MOUNTBENCH_TOOLS_IMAGE or the pinned default.
   */
  toolsImage?: string;
  /** Where the sync tools of the sync mounts asked for were found. */
  syncTools: SyncTools;
}

export interface PrepareOptions {
  env?: NodeJS.ProcessEnv;
  home?: string;
  /** Cancels finding the engine (a wedged one may answer slowly). */
  signal?: AbortSignal;
  /**
   * How long the engine may take to answer its probe (default: discovery's 3 s). An engine in an
   * emulated VM under load took longer (the VM rig, issue 25).
   */
  engineTimeoutMs?: number;
  /**
   * Images the user typed on the command line: only these may name a loopback registry. A page's
   * request or a project file's image never may (checkImageReference says why).
   */
  typedImages?: readonly string[];
}

/** Sortable and unique enough for one machine: `20261129-224144-3fa9c1`. */
export function newRunId(now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `${stamp}-${randomBytes(3).toString('hex')}`;
}

/** Cold-cache mode is refused, with the reason, before anything is created. */
function refuseColdCache(request: RunRequest, engine: EngineInfo | null): void {
  if (!request.coldCache) return;
  const reason = engine
    ? coldCacheRefusal(engine, request.coldCache)
    : 'it drops the page cache of an engine, and only the host baseline was asked for';
  if (reason) throw new MountbenchError('BAD_INPUT', `cold-cache mode refused: ${reason}`);
}

export async function prepareRun(input: unknown, options: PrepareOptions = {}): Promise<PreparedRun> {
  const parsed = runRequestSchema.safeParse(input);
  if (!parsed.success)
    throw new MountbenchError('BAD_INPUT', `invalid run request: ${describeIssues(parsed.error.issues)}`);
  const request = parsed.data;
  const typed = new Set(options.typedImages ?? []);
  // MOUNTBENCH_IMAGE is the user's own setting, like a typed flag.
  const image = checkedBenchImage(request.image, options.env, options.typedImages);
  if (request.custom?.image)
    checkImageReference(request.custom.image, 'the custom image', typed.has(request.custom.image));
  const toolsImage = checkedToolsImage(request.toolsImage, options.env, options.typedImages);
  // A sync mount whose tool is missing is refused before the engine is even looked for.
  const syncTools = await requireSyncTools(request.mounts, options.env ?? process.env);
  let docker: Dockerode | null = null;
  let engine: EngineInfo | null = null;
  let variants: readonly ProviderVariantView[] = [];
  if (needsEngine(request.mounts)) {
    try {
      const resolved = await resolveEngine(request.engine, {
        env: options.env,
        home: options.home,
        signal: options.signal,
        ...(options.engineTimeoutMs ? { timeoutMs: options.engineTimeoutMs } : {}),
      });
      docker = resolved.docker;
      engine = await withProductRelease(engineInfoFrom(resolved.engine), options);
    } catch (err) {
      if (err instanceof MountbenchError && err.code === 'ENGINE_UNREACHABLE') {
        throw new MountbenchError(
          'ENGINE_UNREACHABLE',
          `${err.message}\nStart Docker, or measure the host alone with --mount host.`,
        );
      }
      throw err;
    }
    variants = engine.provider === 'docker-engine' ? await dockerEngineVariants() : AS_IT_IS;
  }
  refuseColdCache(request, engine);
  const backends = planBackends(request, engine?.provider ?? null, variants);
  return {
    runId: newRunId(),
    request,
    backends,
    docker,
    engine,
    image,
    toolsImage,
    syncTools,
  };
}

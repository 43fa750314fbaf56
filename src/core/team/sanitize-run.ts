// What a run shares with the team: an allow-list copy, built field by field, so a field added to the
// result format later is not shared until someone decides it should be. Kept: the machine's chip,
// architecture, cores, memory and OS version; the engine's product, versions (the product's own
// release too) and VM kernel; each result's backend, workload, image when it is one of Mountbench's
// own, figures and intervals. Never kept: paths (the engine's socket, the custom workload's project
// and command, imported file names), the engine's context name, the user's images (a registry host,
// a team or a user can be in the name), free text that may quote a path (warnings, error messages, skip reasons), the
// machine label unless the user gives one for the team.
import type { RunFile, WorkloadResult } from '../../shared/result-schema';
import { productVersionSchema, runFileSchema } from '../../shared/result-schema';
import { MountbenchError } from '../../shared/errors';
import { describeIssues } from '../../shared/describe-issue';
import { BENCH_IMAGES } from './bench-images';

export interface SanitizeOptions {
  /** The label the user typed for the team (`--label`); absent: the run's label is not shared. */
  label?: string;
}

/** Dependency folders the guides name: a twin backend keeps its folder name only if it is one of these. */
const KNOWN_DEPENDENCY_FOLDERS = new Set([
  'node_modules',
  'vendor',
  '.venv',
  'venv',
  'target',
  '.gradle',
  '.m2',
  'deps',
  '_build',
  '.bundle',
  'Pods',
  '.yarn',
  '.pnpm-store',
]);
const SHARED_DEPENDENCY_FOLDER = 'dependencies';

/** Short identifiers the tools themselves produce (fs types, clock sources, arch names). */
const TOKEN = /^[A-Za-z0-9._+-]{0,60}$/;
/** Versions as products print them: `26.0.0`, `4.30.0 (149282)`, `14.4.1`, `6.6.22-linuxkit`. */
const VERSION = /^[A-Za-z0-9._+() -]{0,100}$/;
const COMMIT = /^[0-9a-f]{7,40}(-dirty)?$/;
/** Mountbench's own version is semver; anything else in the field was written by hand. */
const APP_VERSION = /^\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.-]{1,40})?$/;

function token(value: string): string {
  return TOKEN.test(value) ? value : '';
}

function version(value: string): string {
  return VERSION.test(value) ? value : '';
}

/** Maps a backend id from the run to the id it has in the shared copy (dependency twins renamed). */
type IdMap = (id: string) => string;

function dependencyFolderMap(run: RunFile): { folder: (name: string) => string; id: IdMap } {
  const folder = (name: string) => (KNOWN_DEPENDENCY_FOLDERS.has(name) ? name : SHARED_DEPENDENCY_FOLDER);
  const renamed = new Map<string, string>();
  for (const result of run.results) {
    const dep = result.backend.dependencyVolume;
    if (dep === undefined) continue;
    const suffix = `+${dep}-volume`;
    if (result.backend.id.endsWith(suffix))
      renamed.set(result.backend.id, `${result.backend.id.slice(0, -suffix.length)}+${folder(dep)}-volume`);
  }
  return { folder, id: (id) => renamed.get(id) ?? id };
}

function sanitizeResult(result: WorkloadResult, id: IdMap, folder: (name: string) => string): WorkloadResult {
  const { backend, workload, stats } = result;
  const dep = backend.dependencyVolume;
  // The custom workload's params are the user's command, project name and image: none is shared.
  const params: WorkloadResult['workload']['params'] = {};
  if (workload.id !== 'custom')
    for (const [key, value] of Object.entries(workload.params))
      if (typeof value !== 'string' || TOKEN.test(value)) params[key] = value;
  return {
    backend: {
      id: id(backend.id),
      provider: backend.provider,
      variant: backend.variant,
      mount: backend.mount,
      label: dep === undefined ? backend.label : backend.label.split(dep).join(folder(dep)),
      ...(dep !== undefined ? { dependencyVolume: folder(dep) } : {}),
    },
    workload: {
      id: workload.id,
      size: workload.size,
      params,
      ...(workload.case !== undefined ? { case: token(workload.case) } : {}),
    },
    // Which image a workload ran in matters to its figure, but only Mountbench's own say nothing
    // about who ran it; a custom workload's, or a bench image from the user's registry, stay home.
    ...(result.image !== undefined && BENCH_IMAGES.includes(result.image) ? { image: result.image } : {}),
    ...(result.opsPerSample !== undefined ? { opsPerSample: result.opsPerSample } : {}),
    ...(result.executionsPerSample !== undefined ? { executionsPerSample: result.executionsPerSample } : {}),
    ...(result.sampleMethod !== undefined ? { sampleMethod: result.sampleMethod } : {}),
    ...(result.firstRun ? { firstRun: { ...result.firstRun } } : {}),
    ...(result.stop ? { stop: { ...result.stop } } : {}),
    fsType: token(result.fsType),
    clock: { ...result.clock, source: token(result.clock.source) },
    cache: result.cache,
    ...(result.coldCache !== undefined ? { coldCache: result.coldCache } : {}),
    warmupRuns: result.warmupRuns,
    stats: {
      samples: [...stats.samples],
      mean: stats.mean,
      stddev: stats.stddev,
      median: stats.median,
      min: stats.min,
      max: stats.max,
      runs: stats.runs,
      user: stats.user,
      system: stats.system,
      outliers: [...stats.outliers],
    },
    derived: { ...result.derived },
    // Warnings are sentences that may quote a fixture's or project's path.
    warnings: [],
    // The machine's load at each sample: numbers only, and what a teammate needs to read the figure.
    ...(result.conditions ? { conditions: { load: [...result.conditions.load] } } : {}),
    ...(result.order !== undefined ? { order: result.order } : {}),
    ...(result.race
      ? {
          race: {
            round: result.race.round,
            reason: result.race.reason,
            ...(result.race.slowerThan !== undefined ? { slowerThan: id(result.race.slowerThan) } : {}),
          },
        }
      : {}),
    ...(result.baselineCheck
      ? { baselineCheck: { ...result.baselineCheck, against: id(result.baselineCheck.against) } }
      : {}),
    ...(result.passCheck
      ? {
          passCheck: {
            first: { ...result.passCheck.first },
            second: {
              ...result.passCheck.second,
              ...(result.passCheck.second.samples ? { samples: [...result.passCheck.second.samples] } : {}),
            },
            agrees: result.passCheck.agrees,
          },
        }
      : {}),
    ...(result.sync
      ? {
          sync: {
            tool: result.sync.tool,
            ...(result.sync.oneWay ? { oneWay: true as const } : {}),
            initialSeconds: result.sync.initialSeconds,
            flushSeconds: [...result.sync.flushSeconds],
            ...(result.sync.writeBack ? { writeBack: { ...result.sync.writeBack } } : {}),
          },
        }
      : {}),
  };
}

/** The copy of `run` that may be shared, valid against the result schema (else it throws). */
export function sanitizeRun(run: RunFile, options: SanitizeOptions = {}): RunFile {
  const { id, folder } = dependencyFolderMap(run);
  const label = options.label?.trim();
  const shared: RunFile = {
    schema: run.schema,
    version: run.version,
    id: run.id,
    createdAt: run.createdAt,
    finishedAt: run.finishedAt,
    status: run.status,
    app: {
      name: run.app.name,
      version: APP_VERSION.test(run.app.version) ? run.app.version : '',
      ...(run.app.commit !== undefined && COMMIT.test(run.app.commit) ? { commit: run.app.commit } : {}),
    },
    // The imported file's name may be a person's or a project's: only the tool is kept.
    ...(run.origin ? { origin: { tool: run.origin.tool, file: '' } } : {}),
    machine: {
      chip: run.machine.chip,
      arch: token(run.machine.arch),
      processArch: token(run.machine.processArch),
      rosetta: run.machine.rosetta,
      cores: run.machine.cores,
      memoryBytes: run.machine.memoryBytes,
      os: {
        platform: token(run.machine.os.platform),
        name: version(run.machine.os.name),
        version: version(run.machine.os.version),
        // `uname -v` style strings carry the build host and user; the version above is enough.
        kernel: '',
      },
      ...(label ? { label } : {}),
    },
    engine: run.engine
      ? {
          // A context's name is the user's to choose; the socket path holds their home folder.
          name: '',
          endpoint: '',
          provider: run.engine.provider,
          serverVersion: version(run.engine.serverVersion),
          // Checked again, as everything here is: only a version's characters go out.
          ...(run.engine.productVersion !== undefined
            ? {
                productVersion: productVersionSchema.safeParse(run.engine.productVersion).success
                  ? run.engine.productVersion
                  : null,
              }
            : {}),
          apiVersion: version(run.engine.apiVersion),
          os: version(run.engine.os),
          osType: token(run.engine.osType),
          arch: token(run.engine.arch),
          kernelVersion: version(run.engine.kernelVersion),
          cpus: run.engine.cpus,
          memoryBytes: run.engine.memoryBytes,
        }
      : null,
    // The user's own image may name their registry, team or project; the bench image says nothing.
    image: run.image !== null && BENCH_IMAGES.includes(run.image) ? run.image : null,
    results: run.results.map((r) => sanitizeResult(r, id, folder)),
    // Messages may quote paths; the code and what failed are enough to read the figures.
    errors: run.errors.map((e) => ({
      name: token(e.name),
      message: '',
      code: token(e.code),
      ...(e.backendId !== undefined ? { backendId: id(e.backendId) } : {}),
      ...(e.workloadId !== undefined ? { workloadId: token(e.workloadId) } : {}),
    })),
    ...(run.race
      ? {
          race: {
            rule: { ...run.race.rule },
            ...(run.race.budgetSeconds !== undefined ? { budgetSeconds: run.race.budgetSeconds } : {}),
            workloads: run.race.workloads.map((w) => ({
              workloadKey: token(w.workloadKey),
              role: w.role,
              rounds: w.rounds,
              outcome: w.outcome,
              exits: w.exits.map((e) => ({
                backendId: id(e.backendId),
                round: e.round,
                reason: e.reason,
                ...(e.slowerThan !== undefined ? { slowerThan: id(e.slowerThan) } : {}),
              })),
              comparisons: w.comparisons.map((c) => ({ ...c, a: id(c.a), b: id(c.b) })),
            })),
          },
        }
      : {}),
    ...(run.dependencySplit
      ? {
          dependencySplit: run.dependencySplit.map((s) => ({
            folder: folder(s.folder),
            workloadKey: token(s.workloadKey),
            plain: id(s.plain),
            split: id(s.split),
            plainLabel: s.plainLabel,
            speedup: s.speedup ? { ...s.speedup } : null,
            verdict: s.verdict,
          })),
        }
      : {}),
    ...(run.skipped
      ? {
          skipped: run.skipped.map((s) => ({
            backendId: id(s.backendId),
            workloadId: s.workloadId,
            reason: '',
          })),
        }
      : {}),
  };
  const checked = runFileSchema.safeParse(shared);
  if (!checked.success)
    throw new MountbenchError(
      'FILE_INVALID',
      `run ${run.id} cannot be shared: its shared copy is not a valid run (${describeIssues(checked.error.issues)})`,
    );
  return checked.data;
}

// `mountbench run`: measure the chosen mounts of one engine, print the table, save the result.
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { MountbenchError } from '../../shared/errors';
import {
  DEFAULT_MOUNTS,
  DEFAULT_WORKLOAD_IDS,
  MOUNT_KINDS,
  SIZES,
  WORKLOAD_IDS,
  type SizeName,
} from '../../shared/ids';
import { KNOWN_DEPENDENCY_FOLDERS, SAMPLE_METHODS, type RunRequest } from '../../shared/run-plan';
import { findKnownDependencyFolders } from '../../core/project';
import type { RunFile } from '../../shared/result-schema';
import { startRunSession, type RunSession } from '../../core/app/run-session';
import { cliJobs } from '../follow-job';
import { errorText } from '../error-text';
import { reportLeftovers } from './cleanup';
import { cacheDir, checkResultsFolder, dataDir, resultsDir } from '../../core/store';
import { PROFILE_NAMES, resolveProfile } from '../../core/recommend';
import { PROJECT_KIND_HELP, withProjectKind } from './project-kind-flag';
import { failIfNot, RECOMMENDATION_CHANGED_EXIT } from '../output/fail-if-not';
import { runReport } from '../output/run-report';
import { planLines } from '../output/run-plan-text';
import { ProgressLine } from '../output/progress-line';
import { parseCount, parseDuration, parseList, parseNames, parseOne } from '../parse-options';
import { cancelOnSignal, type SignalCancel } from '../cancel-on-signal';
import { checkInputFolder, checkOutputFile } from '../check-paths';
import { RACE_MIN_SAMPLES_FLOOR } from '../../shared/race-samples';
import { defaultChoice, foundInWords, type FoundIn } from '../../shared/project';
import { inspectProjectFolder } from './project';
import { printable } from '../../shared/printable';
import { PRODUCT_WORDS } from '../../shared/product-words';
import { productsOwningTheirVm } from '../../core/app/products';

const ORDERS = ['interleaved', 'sequential'] as const;

interface RunFlags {
  engine?: string;
  variant?: string;
  backend?: string;
  mount: string;
  workload?: string;
  size: string;
  runs?: string;
  race?: boolean;
  budget?: string;
  order?: string;
  sampleMethod?: string;
  warmup: string;
  image?: string;
  toolsImage?: string;
  json?: string;
  markdown?: boolean;
  adaptive?: boolean;
  maxRuns?: string;
  minRuns?: string;
  command?: string;
  folder?: string;
  customImage?: string;
  project?: string;
  dependencyFolder?: string | boolean;
  coldCache?: boolean;
  coldCacheHost?: boolean;
  profile?: string;
  projectKind?: string;
  failIfNot?: string;
  verbose?: boolean;
}

/** Fixed runs unless racing was asked for, or a profile run left the count to Mountbench. */
function racing(flags: RunFlags): boolean {
  if (flags.race || flags.budget) {
    if (flags.runs || flags.adaptive)
      throw new MountbenchError(
        'BAD_INPUT',
        '--race and --budget decide the number of runs themselves: drop --runs/--adaptive, or use --min-runs',
      );
    return true;
  }
  return Boolean(flags.profile) && !flags.runs && !flags.adaptive;
}

function countFlags(
  flags: RunFlags,
): Pick<RunRequest, 'runs' | 'race' | 'budgetSeconds' | 'order' | 'sampleMethod'> {
  const order = flags.order ? parseList('--order', flags.order, ORDERS) : [];
  if (order.length > 1) throw new MountbenchError('BAD_INPUT', '--order takes one value');
  const method = flags.sampleMethod ? parseList('--sample-method', flags.sampleMethod, SAMPLE_METHODS) : [];
  if (method.length > 1) throw new MountbenchError('BAD_INPUT', '--sample-method takes one value');
  const common = {
    ...(order.length ? { order: order[0] } : {}),
    ...(method.length ? { sampleMethod: method[0] } : {}),
  };
  if (!racing(flags))
    return { ...common, runs: parseCount('--runs', flags.runs ?? '10', { min: 1, max: 1000 }) };
  return {
    ...common,
    runs: parseCount('--min-runs', flags.minRuns ?? String(RACE_MIN_SAMPLES_FLOOR), {
      min: 3,
      max: 1000,
    }),
    race: true,
    ...(flags.budget
      ? { budgetSeconds: parseDuration('--budget', flags.budget, { min: 10, max: 7 * 24 * 3600 }) }
      : {}),
  };
}

/** Options that would otherwise be ignored without a word: each needs another one to mean something. */
function refuseIgnoredOptions(flags: RunFlags, workloads: readonly string[]): void {
  const refuse = (message: string) => {
    throw new MountbenchError('BAD_INPUT', message);
  };
  if (flags.engine !== undefined && !flags.engine.trim())
    refuse('--engine needs a name from `mountbench engines`; leave it out to use the current engine');
  if (flags.maxRuns !== undefined && !flags.adaptive && !racing(flags))
    refuse('--max-runs only counts with --adaptive or racing');
  if (flags.command !== undefined && !flags.command.trim()) refuse('--command needs a shell command');
  if (flags.command && !workloads.includes('custom'))
    refuse('--command is the custom workload: add custom to --workload, or leave --workload out');
  if (flags.coldCache && flags.coldCacheHost)
    refuse("--cold-cache (a VM's kernel) and --cold-cache-host (this machine's) are two modes: choose one");
  if (flags.dependencyFolder !== undefined && !flags.folder)
    refuse('--dependency-folder is a folder of the project: add --folder');
  for (const [flag, value] of [
    ['--folder', flags.folder],
    ['--custom-image', flags.customImage],
  ] as const) {
    if (value !== undefined && !flags.command)
      refuse(`${flag} belongs to the custom workload: add --command`);
  }
}

/**
 * `--project <folder>`: the command and image found in the folder (project inspect), unless
 * --command or --custom-image say otherwise; the folder is what is copied. Said on stderr with
 * where each came from, so the user sees what runs.
 */
async function withProject(flags: RunFlags, mountGiven: boolean): Promise<RunFlags> {
  if (flags.folder !== undefined)
    throw new MountbenchError('BAD_INPUT', '--project is the folder already: drop --folder');
  const found = await inspectProjectFolder(flags.project as string);
  const choice = defaultChoice(found);
  const command = flags.command ?? choice.command?.command;
  const image = flags.customImage ?? choice.image?.image;
  if (!command)
    throw new MountbenchError(
      'BAD_INPUT',
      `no build command found in ${found.name}: give --command (\`mountbench project inspect\` lists templates)`,
    );
  if (!image)
    throw new MountbenchError(
      'BAD_INPUT',
      `no image found in ${found.name} (no compose service mounts it, no dev container image): give --custom-image`,
    );
  const source = (given: string | undefined, from: FoundIn | undefined) =>
    given !== undefined || !from ? 'given' : `from ${foundInWords(from)}`;
  // Built from the project's files and folder name: printed with its control characters escaped.
  process.stderr.write(
    `${printable(`project ${found.name}: ${command} (${source(flags.command, choice.command?.from)}) in ${image} (${source(flags.customImage, choice.image?.from)})`)}\n`,
  );
  // The project is the benchmark: the built-in workloads run only when --workload names them.
  // A command found in a file runs in containers only, so the host baseline is left out unless
  // asked for (it then measures a typed --command, or says why it skipped the file's).
  return {
    ...flags,
    mount: mountGiven ? flags.mount : DEFAULT_MOUNTS.filter((m) => m !== 'host').join(','),
    workload: flags.workload ?? 'custom',
    command,
    customImage: image,
    folder: found.folder,
  };
}

export function requestFromFlags(flags: RunFlags): RunRequest {
  const size: SizeName = parseOne('--size', flags.size, SIZES);
  const workloads = flags.workload
    ? parseList('--workload', flags.workload, WORKLOAD_IDS)
    : [...DEFAULT_WORKLOAD_IDS, ...(flags.command ? (['custom'] as const) : [])];
  refuseIgnoredOptions(flags, workloads);
  return {
    ...(flags.engine ? { engine: flags.engine } : {}),
    ...(flags.variant !== undefined ? { variants: parseNames('--variant', flags.variant) } : {}),
    mounts: parseList('--mount', flags.mount, MOUNT_KINDS),
    workloads,
    ...(flags.backend !== undefined ? { backends: parseNames('--backend', flags.backend) } : {}),
    size,
    ...countFlags(flags),
    warmup: parseCount('--warmup', flags.warmup, { min: 0, max: 100 }),
    ...(flags.image ? { image: flags.image } : {}),
    ...(flags.toolsImage ? { toolsImage: flags.toolsImage } : {}),
    ...(flags.adaptive ? { adaptive: true } : {}),
    ...(flags.maxRuns ? { maxRuns: parseCount('--max-runs', flags.maxRuns, { min: 1, max: 10_000 }) } : {}),
    ...(flags.command
      ? {
          custom: {
            command: flags.command,
            ...(flags.folder ? { folder: resolve(flags.folder) } : {}),
            ...(flags.customImage ? { image: flags.customImage } : {}),
            ...dependencyFolderFlag(flags),
          },
        }
      : {}),
    ...(flags.coldCache ? { coldCache: 'vm' as const } : {}),
    ...(flags.coldCacheHost ? { coldCache: 'host-kernel' as const } : {}),
  };
}

/** `--dependency-folder node_modules`, or bare: the first known dependency folder the project has. */
function dependencyFolderFlag(flags: RunFlags): { dependencyFolder?: string } {
  if (flags.dependencyFolder === undefined || !flags.folder) return {};
  if (typeof flags.dependencyFolder === 'string') return { dependencyFolder: flags.dependencyFolder };
  const [found] = findKnownDependencyFolders(resolve(flags.folder));
  if (!found)
    throw new MountbenchError(
      'BAD_INPUT',
      `--dependency-folder: ${flags.folder} has none of ${KNOWN_DEPENDENCY_FOLDERS.join(', ')}; name the folder`,
    );
  return { dependencyFolder: found };
}

async function runCommand(given: RunFlags, command?: Command): Promise<void> {
  const mountGiven = command?.getOptionValueSource('mount') !== 'default';
  const flags = withProjectKind(given.project ? await withProject(given, mountGiven) : given);
  // Trusted as typed: the user's own --command (may run on the host) and images (may name a
  // loopback registry). What --project found in a file is neither.
  const typed = {
    command: given.command !== undefined,
    images: [given.image, given.customImage, given.toolsImage].filter((i): i is string => i !== undefined),
  };
  const request = requestFromFlags(flags);
  // A bad profile, an unwritable --json or a missing --folder must fail before minutes of measuring.
  const profile = flags.profile ? resolveProfile(flags.profile) : null;
  if (flags.failIfNot !== undefined && !profile)
    throw new MountbenchError('BAD_INPUT', '--fail-if-not needs --profile: it checks the recommendation');
  await checkResultsFolder(resultsDir(dataDir()));
  if (flags.json) await checkOutputFile('--json', flags.json);
  if (request.custom?.folder) await checkInputFolder('--folder', request.custom.folder);
  // Listening from the start: an engine that hangs while the run is being prepared can be cancelled too.
  const cancel = cancelOnSignal({
    cancelling: 'cancelling: stopping the workload and cleaning up…',
    again: 'quit',
  });
  try {
    await measureAndSave(flags, request, profile, cancel, typed);
  } catch (err) {
    if (!cancel.endedBy(err)) throw err;
  } finally {
    cancel.dispose();
  }
}

async function measureAndSave(
  flags: RunFlags,
  request: RunRequest,
  profile: ReturnType<typeof resolveProfile> | null,
  cancel: SignalCancel,
  typed: { command: boolean; images: string[] },
): Promise<void> {
  const { jobs, follow } = cliJobs();
  const progress = new ProgressLine(process.stderr, Boolean(process.stderr.isTTY), {
    maxRounds: request.race ? (request.maxRuns ?? null) : null,
    announcePlan: false,
  });
  // Filled by the session's callbacks and the job's events (a holder: TypeScript does not see a
  // callback assign a local): what the answer decided, or why it could not be given, and the run
  // as stored and as it ended; said once the clean-up has ended.
  const ended: {
    answer: { changed: string | null } | { failed: unknown } | null;
    stored: RunFile | null;
    final: RunFile | null;
  } = { answer: null, stored: null, final: null };
  let session: RunSession;
  try {
    session = await startRunSession(jobs, request, {
      dataDir: dataDir(),
      cacheDir: cacheDir(),
      // Only a command the user typed runs on the host baseline; one from a project file never.
      allowHostCommands: typed.command,
      typedImages: typed.images,
      signal: cancel.signal,
      ...(flags.json ? { alsoWriteTo: flags.json } : {}),
      // What a crashed earlier run left would skew this one (a busy disk) and pile up: cleared first.
      onLeftoversCleared: (report) => reportLeftovers(report),
      // The answer is stored and printed as soon as the last workload is measured; the clean-up
      // (containers, volumes, fixtures) goes on after it, and its outcome is said once it ends.
      onStored: async (run, path) => {
        ended.stored = run;
        progress.clear();
        try {
          ended.answer = { changed: showAnswer(flags, run, path, profile) };
        } catch (err) {
          ended.answer = { failed: err };
          throw err;
        }
      },
      onStoredAgain: (_run, path) => {
        process.stderr.write(`saved ${path} again, with the clean-up's errors\n`);
      },
      onSaveError: (err, when) => {
        if (when === 'answer') ended.answer = { failed: err };
        else
          process.stderr.write(
            `mountbench: the run could not be stored again with the clean-up's errors: ${errorText(err)}\n`,
          );
      },
    });
  } catch (err) {
    // Cancelled while finding the engine or clearing old leftovers: nothing of this run exists yet.
    if (cancel.endedBy(err, 'cancelled before measuring started; nothing was created')) return;
    throw err;
  }
  const { jobId } = session;
  // The plan and its estimate first, before the first sample; a hint only where a person reads it.
  const hint = Boolean(process.stdin.isTTY) && !flags.runs && !flags.adaptive;
  await follow('run', jobId, cancel, (event) => {
    if (event.type === 'planned')
      process.stderr.write(`${planLines({ request, ...event, interactive: hint }).join('\n')}\n`);
    if (event.type === 'run-done') ended.final = event.run;
    progress.handle(event);
  });
  const { answer } = ended;
  const run = ended.final ?? ended.stored;
  if (answer && 'failed' in answer) throw answer.failed;
  if (!run || !answer) throw new MountbenchError('INTERNAL', `run ${jobId} ended without a result`);
  await reportEnd(run, answer, session, cancel);
}

/**
 * Prints the run's table and answer, once stored: called at the answer, before the clean-up.
 * Returns why `--fail-if-not` ends the process with its own code, or null.
 */
function showAnswer(
  flags: RunFlags,
  run: RunFile,
  saved: string,
  profile: ReturnType<typeof resolveProfile> | null,
): string | null {
  process.stderr.write(`saved ${saved}\n`);
  if (flags.json) process.stderr.write(`wrote ${flags.json}\n`);
  const report = runReport(run, { markdown: flags.markdown, verbose: flags.verbose, profile });
  // The table and its notes, then the answer last: what the terminal shows when the run is over.
  process.stdout.write(`${report.body}${report.summary}`);
  if (profile && flags.failIfNot !== undefined && !run.results.length)
    return `--fail-if-not ${flags.failIfNot}: nothing was measured`;
  if (report.recommendation && flags.failIfNot !== undefined)
    return failIfNot(report.recommendation, flags.failIfNot);
  return null;
}

/** After the clean-up: what a cancel left, the errors (the clean-up's too), and the exit code. */
async function reportEnd(
  run: RunFile,
  { changed }: { changed: string | null },
  session: RunSession,
  cancel: SignalCancel,
): Promise<void> {
  if (run.status === 'cancelled') {
    // Looked at, not assumed: the claim that nothing is left is made only when nothing is.
    const left = await session.whatIsLeft(run.id);
    process.stderr.write(
      left.length
        ? `cancelled; still left: ${left.join(', ')}; \`mountbench cleanup\` clears it\n`
        : 'cancelled; everything the run created was removed\n',
    );
    process.exitCode = cancel.exitCode();
  } else if (run.errors.length) {
    process.stderr.write(`${run.errors.length} error(s); see above\n`);
    process.exitCode = 1;
  } else if (changed) {
    process.stderr.write(`mountbench: ${changed}\n`);
    process.exitCode = RECOMMENDATION_CHANGED_EXIT;
  }
}

export function registerRunCommand(program: Command): void {
  program
    .command('run')
    .description('measure workloads on the mounts of one engine and print the table')
    .option('--engine <name>', 'engine name from `mountbench engines` (default: the current one)')
    .option('--variant <list>', 'provider variants, e.g. native,fuse (docker-engine)')
    .option(
      '--backend <list>',
      'only these of the planned backends, by id (e.g. docker-engine/fuse/bind): what a race left undecided',
    )
    .option(
      '--mount <list>',
      `mounts: ${MOUNT_KINDS.join(', ')} (the sync mounts need their tool on PATH: mutagen, docker-sync, a Docker Compose with watch)`,
      DEFAULT_MOUNTS.join(','),
    )
    .option(
      '--workload <list>',
      `workloads: ${WORKLOAD_IDS.join(', ')} (default: ${DEFAULT_WORKLOAD_IDS.join(',')}; custom with --command; --project-kind picks a kind's set)`,
    )
    .option('--size <size>', `fixture size: ${SIZES.join(' or ')}`, 'default')
    .option(
      '--runs <n>',
      'a fixed number of timed runs per workload (default 10; racing when --profile is given)',
    )
    .option('--race', 'race to a decided ranking: a backend leaves a workload once it is decided slower')
    .option(
      '--budget <time>',
      'answer within this time, e.g. 10m (racing): undecided comparisons are said so',
    )
    .option('--min-runs <n>', 'racing: samples of every backend before the first decision (default 3)')
    .option('--order <order>', 'interleaved (default: one sample per backend per round) or sequential')
    .option(
      '--sample-method <method>',
      'back-to-back (each sample right after an untimed run, as hyperfine ran the published figures; ' +
        "dd-write's default) or spaced (each sample apart: without the previous write's write-back)",
    )
    .option('--warmup <n>', 'untimed warm-up runs before them', '1')
    .option('--adaptive', 'keep running past --runs until the 95 % interval is within ±2 % of the mean')
    .option(
      '--max-runs <n>',
      'the most timed runs: with --adaptive (default 5 × --runs, at least 30), or racing (default 30)',
    )
    .option('--command <sh>', 'the custom workload: a shell command run in the workload folder')
    .option('--folder <dir>', 'the custom workload: a project folder copied into the workload folder')
    .option('--custom-image <ref>', 'the custom workload: an image with sh to run it in')
    .option(
      '--project <dir>',
      'the custom workload from a project folder: the command and image it declares (`project inspect`); --command and --custom-image override',
    )
    .option(
      '--dependency-folder [path]',
      'the custom workload: also measure each bind mount with this project folder (default: the node_modules, vendor/bundle, .venv or target found) in a named volume',
    )
    .option(
      '--cold-cache',
      `drop the engine VM's page cache before every sample (${productsOwningTheirVm()
        .map((id) => PRODUCT_WORDS[id].name)
        .join(', ')})`,
    )
    .option(
      '--cold-cache-host',
      "cold-cache mode on a plain Linux engine: drops this whole machine's page cache before every sample",
    )
    .option(
      '--profile <name>',
      `recommend for a profile: ${PROFILE_NAMES.join(', ')}, or weights like small-file-read=3,dd-write=1`,
    )
    .option('--project-kind <kind>', PROJECT_KIND_HELP)
    .option(
      '--fail-if-not <backend>',
      `with --profile: exit ${RECOMMENDATION_CHANGED_EXIT} unless the recommendation is this backend (key, end of key like "virtiofs/bind", or label)`,
    )
    .option('--image <ref>', 'bench image (default: MOUNTBENCH_IMAGE or the pinned BusyBox)')
    .option(
      '--tools-image <ref>',
      'tools image for workloads needing git, node, npm, fio or php (default: MOUNTBENCH_TOOLS_IMAGE or the pinned one, built on first use)',
    )
    .option('--json <file>', 'also write the result file here')
    .option('--markdown', 'print the table as Markdown')
    .option(
      '--verbose',
      "also print the race's comparisons pair by pair, every result's warnings and the full recommendation",
    )
    .action(runCommand);
}

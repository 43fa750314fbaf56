// `mountbench sweep --provider NAME`: without --yes, print what would happen and change nothing;
// with --yes, switch through the variants, measure each, put everything back, save the results.
import type { Command } from 'commander';
import { MountbenchError } from '../../shared/errors';
import { PROJECT_KIND_HELP, withProjectKind } from './project-kind-flag';
import { DEFAULT_WORKLOAD_IDS, MOUNT_KINDS, PROVIDER_IDS, SIZES, WORKLOAD_IDS } from '../../shared/ids';
import type { RunFile } from '../../shared/result-schema';
import { RACE_DEFAULT_MAX_SAMPLES, RACE_MIN_SAMPLES_FLOOR } from '../../shared/race-samples';
import { estimatedWorkloads } from '../../core/app/workload-estimates';
import type { SweepFinish } from '../../shared/sweep';
import { startSweepJob } from '../../core/app/settings-jobs';
import { productById, productContext } from '../../core/app/products';
import {
  cacheDir,
  checkResultsFolder,
  dataDir,
  resultsDir,
  saveRun,
  writeFileAtomic,
} from '../../core/store';
import { proposeSweep, sweepRequestSchema, type SweepRequest } from '../../core/sweep';
import { cliJobs } from '../follow-job';
import { describeIssues } from '../../core/store';
import { ProgressLine } from '../output/progress-line';
import { runReport } from '../output/run-report';
import { outcomeText, proposalText } from '../output/sweep-text';
import { SweepTimeLeftTracker } from '../output/sweep-time-left-tracker';
import { cancelOnSignal } from '../cancel-on-signal';
import { checkOutputFile } from '../check-paths';
import { parseCount, parseList, parseNames, parseOne } from '../parse-options';

export interface SweepFlags {
  provider: string;
  variants?: string;
  workload?: string;
  projectKind?: string;
  mount: string;
  size: string;
  runs?: string;
  race?: boolean;
  maxRuns?: string;
  warmup: string;
  image?: string;
  toolsImage?: string;
  readyTimeout: string;
  reversePass?: boolean;
  singlePass?: boolean;
  yes?: boolean;
  json?: string;
  verbose?: boolean;
}

export function requestFromFlags(given: SweepFlags): SweepRequest {
  const flags = withProjectKind(given);
  if (flags.singlePass && flags.reversePass)
    throw new MountbenchError('BAD_INPUT', '--single-pass and --reverse-pass say opposite things: give one');
  if (flags.maxRuns !== undefined && !flags.race)
    throw new MountbenchError(
      'BAD_INPUT',
      '--max-runs only counts with --race: a fixed count is its own most',
    );
  const input = {
    provider: parseOne('--provider', flags.provider, PROVIDER_IDS),
    ...(flags.variants !== undefined ? { variants: parseNames('--variants', flags.variants) } : {}),
    workloads: flags.workload
      ? parseList('--workload', flags.workload, WORKLOAD_IDS)
      : [...DEFAULT_WORKLOAD_IDS],
    mounts: parseList('--mount', flags.mount, MOUNT_KINDS),
    size: parseOne('--size', flags.size, SIZES),
    // Racing, --runs is the least samples: 3 unless given, the run command's default for a race.
    runs: parseCount('--runs', flags.runs ?? (flags.race ? String(RACE_MIN_SAMPLES_FLOOR) : '10'), {
      min: 1,
      max: 1000,
    }),
    ...(flags.race ? { race: true } : {}),
    ...(flags.maxRuns !== undefined
      ? { maxRuns: parseCount('--max-runs', flags.maxRuns, { min: 1, max: 10_000 }) }
      : {}),
    warmup: parseCount('--warmup', flags.warmup, { min: 0, max: 100 }),
    ...(flags.image ? { image: flags.image } : {}),
    ...(flags.toolsImage ? { toolsImage: flags.toolsImage } : {}),
    // The bracket is the default; --reverse-pass, its old switch, still says so.
    reversePass: !flags.singlePass,
    readyTimeoutMs: parseCount('--ready-timeout', flags.readyTimeout, { min: 1, max: 3600 }) * 1000,
  };
  const parsed = sweepRequestSchema.safeParse(input);
  if (!parsed.success)
    throw new MountbenchError('BAD_INPUT', `invalid sweep: ${describeIssues(parsed.error.issues)}`);
  return parsed.data;
}

async function sweepCommand(flags: SweepFlags): Promise<void> {
  const request = requestFromFlags(flags);
  const provider = productById(request.provider);
  if (flags.yes) await checkResultsFolder(resultsDir(dataDir()));
  if (flags.json) await checkOutputFile('--json', flags.json);
  const ctx = await productContext();
  if (!flags.yes) {
    const proposal = await proposeSweep(provider, request, ctx);
    process.stdout.write(
      `${proposalText(proposal)}\n\nNothing was changed. Run again with --yes to start.\n`,
    );
    if (proposal.blockers.length) process.exitCode = 1;
    return;
  }
  const cancel = cancelOnSignal({
    cancelling: 'cancelling: stopping the workloads and putting the settings back…',
    again: 'warn',
  });
  // The time left counts every later step and the restore, from the job's own dry run.
  const timeLeft = new SweepTimeLeftTracker(request, estimatedWorkloads(request.workloads));
  const stillToCome = () => timeLeft.stillToCome() ?? {};
  const newLine = () =>
    new ProgressLine(process.stderr, Boolean(process.stderr.isTTY), {
      stillToCome,
      ...(request.race ? { maxRounds: request.maxRuns ?? RACE_DEFAULT_MAX_SAMPLES } : {}),
    });
  // One line per setting's run: each run has its own plan and its own speed.
  let progress = newLine();
  const { jobs, follow, fail } = cliJobs();
  // Set by the job (a holder: TypeScript does not see a callback assign a local).
  const ended: { run: RunFile | null; saved: string | null; finish: SweepFinish | null } = {
    run: null,
    saved: null,
    finish: null,
  };
  try {
    const sweepId = await startSweepJob(jobs, request, {
      cacheDir: cacheDir(),
      context: async () => ctx,
      // Saved before `sweep-done`, while the signal still cancels nothing but the job: a late
      // signal must not cut the save short.
      save: async (run) => {
        ended.run = run;
        ended.saved = await saveRun(run, resultsDir(dataDir()));
        if (flags.json) await writeFileAtomic(flags.json, `${JSON.stringify(run, null, 2)}\n`);
      },
      onBackgroundError: fail,
      proposed: (proposal) => timeLeft.proposed(proposal),
      // The user typed it: it may name a registry on a loopback address (checkedBenchImage).
      typedImages: [flags.image, flags.toolsImage].filter((i): i is string => i !== undefined),
    });
    await follow('sweep', sweepId, cancel, (event) => {
      if (event.type === 'sweep-done') ended.finish = event.finish;
      else if (event.type === 'run') progress.handle(event.event);
      else if (event.type === 'variant') {
        timeLeft.variant(event.phase);
        if (event.phase === 'measure') progress = newLine();
        process.stderr.write(
          `${event.variant}: ${event.phase}${event.message ? ` — ${event.message}` : ''}\n`,
        );
      } else if (event.type === 'restore') {
        timeLeft.restoreStarted();
        process.stderr.write(`restore: ${event.phase}${event.message ? ` — ${event.message}` : ''}\n`);
      } else if (event.type === 'journal') process.stderr.write(`journal: ${event.file}\n`);
    });
  } catch (err) {
    if (cancel.endedBy(err)) return;
    throw err;
  } finally {
    cancel.dispose();
  }
  const { run, saved, finish: outcome } = ended;
  if (!outcome) throw new MountbenchError('INTERNAL', 'the sweep ended without an outcome');
  // A reverse pass that disagrees is among the warnings, as any other warning on a figure.
  const report = run ? runReport(run, { verbose: flags.verbose, profile: null }) : null;
  if (report) process.stdout.write(report.body);
  process.stdout.write(`${outcomeText(outcome)}\n`);
  if (saved) process.stderr.write(`saved ${saved}\n`);
  // The answer last, across the variants measured.
  if (report) process.stdout.write(report.summary);
  if (outcome.status === 'cancelled') {
    process.stderr.write(
      `cancelled; ${outcome.restored ? 'settings were put back' : 'settings were NOT all put back: run `mountbench restore`'}\n`,
    );
    process.exitCode = cancel.exitCode();
  } else if (!outcome.restored || outcome.variants.some((v) => !v.ok)) {
    process.exitCode = 1;
  }
}

export function registerSweepCommand(program: Command): void {
  program
    .command('sweep')
    .description(
      'Switch a product through its file-sharing variants, measure each, and put everything back (dry run without --yes)',
    )
    .requiredOption('--provider <name>', `provider: ${PROVIDER_IDS.join(', ')}`)
    .option('--variants <list>', 'variants to sweep (default: every one available here)')
    .option(
      '--workload <list>',
      `workloads: ${WORKLOAD_IDS.filter((w) => w !== 'custom').join(', ')} (default: ${DEFAULT_WORKLOAD_IDS.join(',')})`,
    )
    .option('--project-kind <kind>', PROJECT_KIND_HELP)
    .option('--mount <list>', `mounts under each variant: ${MOUNT_KINDS.join(', ')}`, 'bind')
    .option('--size <size>', `fixture size: ${SIZES.join(' or ')}`, 'default')
    .option('--runs <n>', 'timed runs per workload (default 10; with --race, the least: default 3)')
    .option(
      '--race',
      "race each setting's run to a decided ranking: a backend leaves a workload once it is decided slower; one alone in its role takes at least 10",
    )
    .option('--max-runs <n>', 'with --race, the most timed runs per backend (default 30)')
    .option('--warmup <n>', 'untimed warm-up runs', '1')
    .option('--image <ref>', 'bench image (default: MOUNTBENCH_IMAGE or the pinned BusyBox)')
    .option(
      '--tools-image <ref>',
      'tools image for workloads needing git, node, npm, fio or php (default: MOUNTBENCH_TOOLS_IMAGE or the pinned one, built on first use)',
    )
    .option('--ready-timeout <seconds>', 'how long a product may take to become ready', '180')
    .option(
      '--single-pass',
      'measure each setting once: half the time, but drift between settings (load, heat) can then read as a difference between them',
    )
    .option(
      '--reverse-pass',
      'the default: every setting is measured again in reverse order (A B C, then C B A), and a difference between settings must exceed the drift between the passes',
    )
    .option('--json <file>', 'also write the result file here')
    .option('--yes', 'really switch settings (without it: print the plan and change nothing)')
    .option('--verbose', "print every result's warnings, not each kind once")
    .action(sweepCommand);
}

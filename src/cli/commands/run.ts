// `mountbench run`: measure the chosen mounts of one engine, print the table, save the result.
import type { Command } from 'commander';
import { MountbenchError } from '../../shared/errors';
import { MOUNT_KINDS, SIZES, WORKLOAD_IDS, type SizeName } from '../../shared/ids';
import type { RunRequest } from '../../shared/run-plan';
import { APP_VERSION } from '../../main/core/app-version';
import { getMachineInfo } from '../../main/core/machine';
import { prepareRun } from '../../main/core/runner/prepare-run';
import { removeLeftovers } from '../../main/core/runner/leftovers';
import { executeRun } from '../../main/core/runner/run';
import { reportLeftovers } from './cleanup';
import { cacheDir, dataDir, resultsDir, saveRun, writeFileAtomic } from '../../main/core/store';
import { markdownTable, textTable, warningLines } from '../output/results-table';
import { ProgressLine } from '../output/progress-line';
import { parseCount, parseList } from '../parse-options';

interface RunFlags {
  engine?: string;
  variant?: string;
  mount: string;
  workload: string;
  size: string;
  runs: string;
  warmup: string;
  image?: string;
  json?: string;
  markdown?: boolean;
}

export function requestFromFlags(flags: RunFlags): RunRequest {
  const size = flags.size as SizeName;
  if (!(SIZES as readonly string[]).includes(size)) {
    throw new MountbenchError('BAD_INPUT', `unknown size "${flags.size}"; valid: ${SIZES.join(', ')}`);
  }
  return {
    ...(flags.engine ? { engine: flags.engine } : {}),
    ...(flags.variant
      ? {
          variants: flags.variant
            .split(',')
            .map((v) => v.trim())
            .filter(Boolean),
        }
      : {}),
    mounts: parseList('--mount', flags.mount, MOUNT_KINDS),
    workloads: parseList('--workload', flags.workload, WORKLOAD_IDS),
    size,
    runs: parseCount('--runs', flags.runs, { min: 1, max: 1000 }),
    warmup: parseCount('--warmup', flags.warmup, { min: 0, max: 100 }),
    ...(flags.image ? { image: flags.image } : {}),
  };
}

async function runCommand(flags: RunFlags): Promise<void> {
  const request = requestFromFlags(flags);
  const prepared = await prepareRun(request);
  // What a crashed earlier run left would skew this one (a busy disk) and pile up: clear it first.
  reportLeftovers(await removeLeftovers(prepared.docker, cacheDir()));
  const controller = new AbortController();
  let interrupts = 0;
  const onSigint = () => {
    interrupts += 1;
    if (interrupts > 1) process.exit(130);
    process.stderr.write(
      '\ncancelling: stopping the workload and cleaning up (Ctrl-C again to quit at once)…\n',
    );
    controller.abort();
  };
  process.on('SIGINT', onSigint);
  const progress = new ProgressLine(process.stderr, Boolean(process.stderr.isTTY));
  let run;
  try {
    run = await executeRun({
      ...prepared,
      machine: await getMachineInfo(),
      appVersion: APP_VERSION,
      cacheDir: cacheDir(),
      signal: controller.signal,
      onEvent: (event) => progress.handle(event),
    });
  } finally {
    process.off('SIGINT', onSigint);
  }

  if (run.results.length) {
    process.stdout.write(`${flags.markdown ? markdownTable(run.results) : textTable(run.results)}\n`);
    const warnings = warningLines(run.results);
    if (warnings.length) process.stdout.write(`\nwarnings:\n${warnings.map((w) => `  - ${w}`).join('\n')}\n`);
  }
  const saved = await saveRun(run, resultsDir(dataDir()));
  process.stderr.write(`saved ${saved}\n`);
  if (flags.json) {
    await writeFileAtomic(flags.json, `${JSON.stringify(run, null, 2)}\n`);
    process.stderr.write(`wrote ${flags.json}\n`);
  }
  if (run.status === 'cancelled') {
    process.stderr.write('cancelled; everything the run created was removed\n');
    process.exitCode = 130;
  } else if (run.errors.length) {
    process.stderr.write(`${run.errors.length} error(s); see above\n`);
    process.exitCode = 1;
  }
}

export function registerRunCommand(program: Command): void {
  program
    .command('run')
    .description('measure workloads on the mounts of one engine and print the table')
    .option('--engine <name>', 'engine name from `mountbench engines` (default: the current one)')
    .option('--variant <list>', 'provider variants, e.g. native,fuse (docker-engine)')
    .option('--mount <list>', `mounts: ${MOUNT_KINDS.join(', ')}`, MOUNT_KINDS.join(','))
    .option('--workload <list>', `workloads: ${WORKLOAD_IDS.join(', ')}`, WORKLOAD_IDS.join(','))
    .option('--size <size>', `fixture size: ${SIZES.join(' or ')}`, 'default')
    .option('--runs <n>', 'timed runs per workload', '10')
    .option('--warmup <n>', 'untimed warm-up runs before them', '1')
    .option('--image <ref>', 'bench image (default: MOUNTBENCH_IMAGE or the pinned BusyBox)')
    .option('--json <file>', 'also write the result file here')
    .option('--markdown', 'print the table as Markdown')
    .action(runCommand);
}

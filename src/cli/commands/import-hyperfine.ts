// `mountbench import --hyperfine FILE --backend LABEL --workload ID ...`: a hyperfine JSON export
// stored as a run. hyperfine does not record the backend, workload, size or machine, so the flags
// say them; the machine defaults to this one, and `--chip` with its companions describes another.
import { Option, type Command } from 'commander';
import { MountbenchError } from '../../shared/errors';
import { MOUNT_KINDS, PROVIDER_IDS, SIZES, WORKLOAD_IDS } from '../../shared/ids';
import type { MachineInfo } from '../../shared/result-schema';
import { machineLabel } from '../../core/compare';
import { thisMachine } from '../../core/app/this-machine';
import { importHyperfineFile, type HyperfineImportOptions } from '../../core/store';
import { parseCount, parseList } from '../parse-options';
import type { ResultsCommandIo } from './results';

export interface HyperfineFlags {
  hyperfine?: string;
  backend?: string;
  workload?: string;
  size: string;
  mount: string;
  provider?: string;
  variant?: string;
  result?: string;
  cold?: boolean;
  fsType?: string;
  machineLabel?: string;
  chip?: string;
  arch?: string;
  cores?: string;
  memoryGb?: string;
  os?: string;
}

const OTHER_MACHINE = ['chip', 'arch', 'cores', 'memoryGb'] as const;
const FLAG_OF: Record<(typeof OTHER_MACHINE)[number], string> = {
  chip: '--chip',
  arch: '--arch',
  cores: '--cores',
  memoryGb: '--memory-gb',
};

export function addHyperfineOptions(command: Command): Command {
  return command
    .option('--hyperfine <file>', 'import a hyperfine --export-json file instead of run files')
    .option('--backend <label>', 'with --hyperfine: the setup the times were taken on, in your words')
    .option('--workload <id>', `with --hyperfine: the workload the command ran (${WORKLOAD_IDS.join(', ')})`)
    .addOption(
      new Option('--size <size>', 'with --hyperfine: its fixture size').choices(SIZES).default('default'),
    )
    .addOption(
      new Option('--mount <kind>', 'with --hyperfine: how the files reached the command')
        .choices(MOUNT_KINDS)
        .default('bind'),
    )
    .addOption(
      new Option('--provider <id>', 'with --hyperfine: the product that ran the engine').choices(
        PROVIDER_IDS,
      ),
    )
    .option('--variant <name>', 'with --hyperfine: its file-sharing setting, e.g. virtiofs')
    .option('--result <n>', 'with --hyperfine: which benchmark of the file (1-based), when it holds several')
    .option('--cold', 'with --hyperfine: the times are cold runs (no --warmup); default warm')
    .option('--fs-type <type>', 'with --hyperfine: the filesystem type the command ran on (default unknown)')
    .option('--machine-label <text>', 'with --hyperfine: a name for the machine, e.g. "Alice’s M1"')
    .option(
      '--chip <model>',
      'with --hyperfine: measured on another machine with this CPU (then also --arch, --cores, --memory-gb)',
    )
    .option('--arch <arch>', 'with --chip: its architecture, e.g. arm64')
    .option('--cores <n>', 'with --chip: its CPU cores')
    .option('--memory-gb <n>', 'with --chip: its memory in GB')
    .option('--os <name>', 'with --chip: its OS, e.g. "macOS 15.1"');
}

async function machineFor(flags: HyperfineFlags): Promise<MachineInfo> {
  const given = OTHER_MACHINE.filter((key) => flags[key] !== undefined);
  let machine: MachineInfo;
  if (given.length === 0) {
    if (flags.os !== undefined)
      throw new MountbenchError(
        'BAD_INPUT',
        '--os describes another machine: give it with --chip, --arch, --cores and --memory-gb',
      );
    machine = await thisMachine();
  } else {
    const missing = OTHER_MACHINE.filter((key) => flags[key] === undefined).map((key) => FLAG_OF[key]);
    if (missing.length) {
      throw new MountbenchError(
        'BAD_INPUT',
        `another machine needs all of --chip, --arch, --cores and --memory-gb; missing ${missing.join(', ')}`,
      );
    }
    const arch = flags.arch!.trim().slice(0, 40);
    machine = {
      chip: flags.chip!.trim().slice(0, 200),
      arch,
      processArch: arch,
      rosetta: false,
      cores: parseCount('--cores', flags.cores!, { min: 1, max: 4096 }),
      memoryBytes: parseCount('--memory-gb', flags.memoryGb!, { min: 1, max: 1_000_000 }) * 1024 ** 3,
      os: { platform: 'unknown', name: (flags.os ?? 'unknown').slice(0, 100), version: '', kernel: '' },
    };
  }
  const label = flags.machineLabel?.trim().slice(0, 200);
  return label ? { ...machine, label } : machine;
}

function required(value: string | undefined, flag: string, what: string): string {
  if (value === undefined || value.trim() === '') {
    throw new MountbenchError(
      'BAD_INPUT',
      `--hyperfine needs ${flag}: ${what} (hyperfine does not record it)`,
    );
  }
  return value;
}

export async function importHyperfineAction(flags: HyperfineFlags, io: ResultsCommandIo): Promise<void> {
  const file = flags.hyperfine!;
  const backendLabel = required(flags.backend, '--backend LABEL', 'the setup the times were taken on');
  const [workload] = parseList(
    '--workload',
    required(flags.workload, '--workload ID', 'which workload the command ran'),
    WORKLOAD_IDS,
  );
  const machine = await machineFor(flags);
  const options: HyperfineImportOptions = {
    backendLabel,
    workload,
    size: flags.size as HyperfineImportOptions['size'],
    mount: flags.mount as HyperfineImportOptions['mount'],
    provider: (flags.provider as HyperfineImportOptions['provider']) ?? null,
    variant: flags.variant?.trim().slice(0, 100) || null,
    cache: flags.cold ? 'cold' : 'warm',
    fsType: flags.fsType?.trim().slice(0, 100) || null,
    machine,
    ...(flags.result !== undefined
      ? { result: parseCount('--result', flags.result, { min: 1, max: 1000 }) }
      : {}),
  };
  const outcome = await importHyperfineFile(file, options, io.resultsDir());
  io.out(
    outcome.status === 'imported'
      ? `imported ${file} from hyperfine as run ${outcome.id} (${workload}, ${backendLabel}, on ${machineLabel(machine)})\n`
      : `run ${outcome.id} is already imported (${outcome.file}); nothing changed\n`,
  );
}

// `mountbench apply --provider NAME --variant ID`: without --yes, print what would change (what
// restarts, which containers stop) and change nothing; with --yes, switch the product, verify, and
// leave it there, or put the original back if it does not take.
import type { Command } from 'commander';
import { MountbenchError } from '../../shared/errors';
import { errorFromData } from '../../shared/ipc-bridge';
import { PROVIDER_IDS } from '../../shared/ids';
import { emptyApplyProgress, foldApplyEvent, variantIdSchema } from '../../shared/sweep';
import { PLAIN_ENGINE, productById, productContext } from '../../core/app/products';
import { cacheDir } from '../../core/store';
import { proposeApply } from '../../core/sweep';
import { startApplyJob } from '../../core/app/settings-jobs';
import { cliJobs } from '../follow-job';
import { applyProposalText, applyResultText } from '../output/apply-text';
import { cancelOnSignal } from '../cancel-on-signal';
import { parseCount, parseOne } from '../parse-options';

interface ApplyFlags {
  provider: string;
  variant: string;
  image?: string;
  readyTimeout: string;
  yes?: boolean;
}

async function applyCommand(flags: ApplyFlags): Promise<void> {
  const provider = productById(parseOne('--provider', flags.provider, PROVIDER_IDS));
  const variant = variantIdSchema.safeParse(flags.variant.trim());
  if (!variant.success)
    throw new MountbenchError('BAD_INPUT', `--variant "${flags.variant}" is not a variant id`);
  const readyTimeoutMs = parseCount('--ready-timeout', flags.readyTimeout, { min: 1, max: 3600 }) * 1000;
  const ctx = await productContext();
  if (!flags.yes) {
    const proposal = await proposeApply(provider, variant.data, ctx);
    process.stdout.write(
      `${applyProposalText(proposal)}\n\nNothing was changed. Run again with --yes to apply.\n`,
    );
    return;
  }
  const cancel = cancelOnSignal({
    cancelling: 'cancelling: putting the original setting back…',
    again: 'warn',
  });
  const { jobs, follow } = cliJobs();
  // Folded as the dashboard folds it (shared/sweep.ts): each new step is printed as it comes.
  // A holder: TypeScript does not see a callback assign a local.
  const followed = { progress: emptyApplyProgress('') };
  try {
    const applyId = await startApplyJob(jobs, provider.id, variant.data, {
      cacheDir: cacheDir(),
      context: async () => ctx,
      ...(flags.image ? { image: flags.image } : {}),
      readyTimeoutMs,
      save: async () => undefined,
    });
    followed.progress = emptyApplyProgress(applyId);
    await follow('apply', applyId, cancel, (event) => {
      const before = followed.progress;
      const after = foldApplyEvent(before, event);
      followed.progress = after;
      if (after.step && after.step !== before.step && !after.ended)
        process.stderr.write(`${after.step.phase}${after.step.message ? `: ${after.step.message}` : ''}\n`);
    });
  } catch (err) {
    if (cancel.endedBy(err)) return;
    throw err;
  } finally {
    cancel.dispose();
  }
  const { result, error } = followed.progress;
  // Refused before it changed anything (another change in progress, an unfinished journal…).
  if (!result && error) throw errorFromData(error);
  if (!result) throw new MountbenchError('INTERNAL', 'the apply ended without a result');
  process.stdout.write(`${applyResultText(result)}\n`);
  if (result.status === 'failed') process.exitCode = cancel.received() ? cancel.exitCode() : 1;
}

export function registerApplyCommand(program: Command): void {
  program
    .command('apply')
    .description(
      "Switch a product's file-sharing setting to a variant and leave it there (dry run without --yes)",
    )
    .requiredOption(
      '--provider <name>',
      `provider: ${PROVIDER_IDS.filter((p) => p !== PLAIN_ENGINE).join(', ')}`,
    )
    .requiredOption('--variant <id>', 'the variant to switch to (see `mountbench providers`)')
    .option('--image <ref>', 'bench image for the check (default: MOUNTBENCH_IMAGE or the pinned BusyBox)')
    .option('--ready-timeout <seconds>', 'how long the product may take to become ready', '180')
    .option('--yes', 'really switch (without it: print what would change and change nothing)')
    .action(applyCommand);
}

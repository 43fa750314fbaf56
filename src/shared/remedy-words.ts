// A core error's remedy in words, for each front door: the CLI names the command to type, the
// dashboard the thing to do on the page. The core only says which remedy applies (errors.ts).
import type { Remedy } from './errors';

const JOB_WORDS = { run: 'run', sweep: 'sweep', apply: 'apply' } as const;

export function remedyAsCommand(remedy: Remedy): string {
  switch (remedy.kind) {
    case 'restore-settings':
      return 'run `mountbench restore` first';
    case 'wait-or-cancel':
      return `wait for the ${JOB_WORDS[remedy.job]} ${remedy.id} to end, or stop it with Ctrl-C where it runs`;
    case 'use-cli':
      return `give ${remedy.what} on the command line (\`mountbench run --help\`)`;
  }
}

export function remedyAsSentence(remedy: Remedy): string {
  switch (remedy.kind) {
    case 'restore-settings':
      return 'Restart Mountbench: it puts the settings back before anything else.';
    case 'wait-or-cancel':
      return `Wait for the ${JOB_WORDS[remedy.job]} in progress to end, or cancel it on the Run page.`;
    case 'use-cli':
      return `The dashboard cannot take ${remedy.what}; use the mountbench command line.`;
  }
}

/** The remedy an error carries, if it is one of ours; anything else is ignored (untrusted data). */
export function readRemedy(value: unknown): Remedy | undefined {
  if (typeof value !== 'object' || value === null || !('kind' in value)) return undefined;
  const v = value as Record<string, unknown>;
  if (v.kind === 'restore-settings') return { kind: 'restore-settings' };
  if (
    v.kind === 'wait-or-cancel' &&
    (v.job === 'run' || v.job === 'sweep' || v.job === 'apply') &&
    typeof v.id === 'string' &&
    /^[A-Za-z0-9-]{1,100}$/.test(v.id)
  )
    return { kind: 'wait-or-cancel', job: v.job, id: v.id };
  if (v.kind === 'use-cli' && typeof v.what === 'string' && v.what.length <= 200)
    return { kind: 'use-cli', what: v.what };
  return undefined;
}

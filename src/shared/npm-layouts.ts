// npm-install's answer is a layout, not a product: the 2025 comparison found that where
// node_modules lives mattered more than whose VM served it (3.2–4.2 s with a volume, 3.9–9.5 s on
// a plain bind mount). Each of its four layouts is one kind of backend; this names them, and the
// run file keeps which was fastest (computed by core/recommend/npm-layout-verdict.ts) so the CLI,
// the dashboard and the exports say the same sentence.
import { z } from 'zod';
import { formatRatioInterval } from './format-ratio';
import type { MountKind } from './ids';

/** What a layout is read from: a run's backend (result-schema's Backend), named here without importing it. */
interface LayoutBackend {
  mount: MountKind;
  label: string;
  dependencyVolume?: string;
}

export const NPM_LAYOUTS = ['host', 'image', 'bind-volume', 'bind'] as const;
export type NpmLayout = (typeof NPM_LAYOUTS)[number];

/** The comparison's four tests, in a user's words. */
export const NPM_LAYOUT_WORDS: Record<NpmLayout, string> = {
  host: 'on the host (no container)',
  image: 'in the image with no volume',
  'bind-volume': 'bind mount with node_modules in a volume',
  bind: 'plain bind mount',
};

/** Which layout a backend is, or null for a mount the comparison did not test (a named volume, tmpfs…). */
export function npmLayoutOf(backend: Pick<LayoutBackend, 'mount' | 'dependencyVolume'>): NpmLayout | null {
  switch (backend.mount) {
    case 'host':
      return 'host';
    case 'layer':
      return 'image';
    case 'bind':
      if (!backend.dependencyVolume) return 'bind';
      return backend.dependencyVolume === 'node_modules' ? 'bind-volume' : null;
    default:
      return null;
  }
}

/** The layout's words with the backend's setting where it changes something ("… · FUSE share (bindfs)"). */
export function npmLayoutWords(backend: LayoutBackend): string | null {
  const layout = npmLayoutOf(backend);
  if (!layout) return null;
  // Labels are "<mount> · <variant>[ · node_modules in a named volume]": only the variant is added.
  const setting = backend.label
    .split(' · ')
    .slice(1)
    .filter((part) => !part.includes('in a named volume'));
  return [NPM_LAYOUT_WORDS[layout], ...setting].join(' · ');
}

export const npmLayoutVerdictSchema = z.object({
  /** Fastest first, by median seconds. */
  rows: z
    .array(
      z.object({
        layout: z.enum(NPM_LAYOUTS),
        backendId: z.string().max(300),
        words: z.string().max(400),
        median: z.number().finite().nonnegative(),
      }),
    )
    .min(2)
    .max(100),
  /** mean(second) / mean(first) with its 95 % interval; null without two samples a side. */
  lead: z
    .object({ ratio: z.number().finite().positive(), low: z.number().finite(), high: z.number().finite() })
    .nullable(),
  /** True when the interval excludes 1: the fastest layout is really faster than the next. */
  decided: z.boolean(),
});
export type NpmLayoutVerdict = z.infer<typeof npmLayoutVerdictSchema>;

/** "npm install: fastest layout here is bind mount with node_modules in a volume · native (3.21 s), 2.40 × (…) faster than plain bind mount · native". */
export function npmLayoutSentence(verdict: NpmLayoutVerdict): string {
  const [first, second] = verdict.rows;
  const lead = verdict.lead ? formatRatioInterval(verdict.lead) : 'too few runs for an interval';
  const head = `npm install: fastest layout here is ${first.words} (${first.median.toFixed(2)} s median)`;
  return verdict.decided
    ? `${head}, ${lead} faster than ${second.words}`
    : `${head}; not decided against ${second.words} (${lead})`;
}

// The dependency-folder question answered from a run: the project with, say, `node_modules` in a
// named volume against everything on the same bind mount, as a ratio with its 95 % interval. Stored
// in the result file, so the CLI, the dashboard and the exports say the same sentence.
import { z } from 'zod';
import { formatRatioInterval } from './format-ratio';

export const dependencySplitSchema = z.object({
  folder: z.string().max(300),
  workloadKey: z.string().max(200),
  /** Backend ids: everything on the share, and its twin with the folder in a volume. */
  plain: z.string().max(300),
  split: z.string().max(300),
  plainLabel: z.string().max(300),
  /** mean(plain) / mean(split): above 1, the volume is that many times faster. Null without two runs a side. */
  speedup: z
    .object({ ratio: z.number().finite().positive(), low: z.number().finite(), high: z.number().finite() })
    .nullable(),
  verdict: z.enum(['faster', 'slower', 'no-measurable-difference', 'not-enough-runs']),
});
export type DependencySplit = z.infer<typeof dependencySplitSchema>;

/** "keep `node_modules` in a volume: 3.10 × (2.80 … 3.40) faster here than bind mount · native". */
export function dependencySplitWords(split: DependencySplit): string {
  const folder = `\`${split.folder}\``;
  const interval = split.speedup ? formatRatioInterval(split.speedup) : '';
  switch (split.verdict) {
    case 'faster':
      return `keep ${folder} in a volume: ${interval} faster here than all on ${split.plainLabel}`;
    case 'slower':
      return `${folder} in a volume was slower here: ${interval} the speed of all on ${split.plainLabel}`;
    case 'no-measurable-difference':
      return `${folder} in a volume: no measurable difference here against all on ${split.plainLabel} (${interval})`;
    case 'not-enough-runs':
      return `${folder} in a volume against all on ${split.plainLabel}: two runs a side are needed to compare`;
  }
}

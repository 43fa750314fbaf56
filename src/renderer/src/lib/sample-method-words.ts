// Which sample method a compared row used, in the words of Compare's table (issue 22): a dd-write
// taken back to back meets the last one's write-back as hyperfine's runs did, and reads 8–34 %
// slower than one taken spaced, so a row beside published figures says which it is.
import type { ComparisonRow } from '../../../shared/comparison';

export interface SampleMethodWords {
  text: string;
  /** The longer reason, for the cell's tooltip. */
  title: string;
}

export function sampleMethodWords(row: ComparisonRow): SampleMethodWords {
  if (row.source.kind === 'published')
    return { text: 'as published', title: "Taken by the source's own method: see the source above." };
  switch (row.sampleMethod) {
    case 'back-to-back':
      return {
        text: 'back to back',
        title:
          "Each sample right after the one before, as hyperfine took the published figures: a write meets the last one's write-back.",
      };
    case 'spaced':
      return {
        text: 'spaced',
        title:
          'Each sample on its own, after the exec and the other backends: the cleaner figure for a write, not the published method.',
      };
    default:
      return { text: 'not recorded', title: 'The imported file does not say how its samples were taken.' };
  }
}

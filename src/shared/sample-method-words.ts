// Which sample method a compared row used, in the words of Compare's table (issue 22): a dd-write
// taken back to back meets the last one's write-back as hyperfine's runs did, and reads 8–34 %
// slower than one taken spaced, so a row beside published figures says which it is. The
// dashboard's Compare and the CLI's `compare` both read these words from here.
import type { ComparisonRow } from './comparison';

export interface SampleMethodWords {
  text: string;
  /** The longer reason, for the cell's tooltip (and the CLI's legend). */
  title: string;
}

/** Every answer the samples column can give, in the order a legend lists them. */
export const SAMPLE_METHOD_WORDS = {
  'back-to-back': {
    text: 'back to back',
    title:
      "Each sample right after the one before, as hyperfine took the published figures: a write meets the last one's write-back.",
  },
  spaced: {
    text: 'spaced',
    title:
      'Each sample on its own, after the exec and the other backends: the cleaner figure for a write, not the published method.',
  },
  published: { text: 'as published', title: "Taken by the source's own method: see the source above." },
  unrecorded: { text: 'not recorded', title: 'The imported file does not say how its samples were taken.' },
} as const satisfies Record<string, SampleMethodWords>;

export function sampleMethodWords(row: ComparisonRow): SampleMethodWords {
  if (row.source.kind === 'published') return SAMPLE_METHOD_WORDS.published;
  switch (row.sampleMethod) {
    case 'back-to-back':
      return SAMPLE_METHOD_WORDS['back-to-back'];
    case 'spaced':
      return SAMPLE_METHOD_WORDS.spaced;
    default:
      return SAMPLE_METHOD_WORDS.unrecorded;
  }
}

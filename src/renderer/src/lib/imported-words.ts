// The mark of a stored run that was not measured here, in the same words wherever runs are listed
// (History's rows, Compare's stored runs): a lead comparing runs must see which came from elsewhere.
import type { RunSummary } from '../../../shared/api';

export const IMPORTED_WORDS: Record<NonNullable<RunSummary['imported']>, string> = {
  hyperfine: 'imported from hyperfine',
  'another machine': 'imported · another machine',
};

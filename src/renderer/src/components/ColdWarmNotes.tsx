// Under the figures: which of them are cold-cache, the user's own build's first (cold) run on each
// backend, and the dependency-folder answer, in the words the CLI and the exports use.
import type { RunFile } from '../../../shared/result-schema';
import { coldCacheNote, firstRunLines } from '../../../shared/cold-warm-words';
import { dependencySplitWords } from '../../../shared/dependency-split';

export function ColdWarmNotes({ run }: { run: RunFile }) {
  const cold = coldCacheNote(run.results);
  const firsts = firstRunLines(run.results);
  const splits = run.dependencySplit ?? [];
  if (!cold && !firsts.length && !splits.length) return null;
  return (
    <div className="notes" data-testid="results-cold-warm">
      {cold && (
        <p className="note" data-testid="results-cold-cache">
          {cold}
        </p>
      )}
      {firsts.length > 0 && (
        <>
          <h4>First (cold) runs of your project</h4>
          <ul className="plain" data-testid="results-first-runs">
            {firsts.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </>
      )}
      {splits.length > 0 && (
        <>
          <h4>Dependency folder</h4>
          <ul className="plain" data-testid="results-dependency-split">
            {splits.map((split) => (
              <li key={`${split.split}:${split.workloadKey}`} data-verdict={split.verdict}>
                {dependencySplitWords(split)}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

// The answer first, hyperfine-style: one sentence with the ratio, the race's interval per workload,
// and how the figures were taken; the chart, the table and the details of the recommendation follow
// below it. A run whose race did not decide says "not decided yet" instead of crowning a leader,
// and offers to keep measuring what is open (the same settings, those workloads and backends only).
import { continuationOf } from '../../../shared/continuation';
import { dependencySplitWords } from '../../../shared/dependency-split';
import { npmLayoutSentence } from '../../../shared/npm-layouts';
import type { Recommendation } from '../../../shared/recommendation';
import type { RunFile } from '../../../shared/result-schema';
import type { RunRequest } from '../../../shared/run-plan';
import { countsLine, countsNote } from '../lib/run-provenance';
import { workloadKeyWords } from '../lib/size-words';
import { verdictOf } from '../lib/verdict';
import { slowerOnSentence } from '../../../shared/verdict-words';

interface Props {
  run: RunFile;
  status: 'empty' | 'loading' | 'ready' | 'error';
  recommendation: Recommendation | null;
  titles: ReadonlyMap<string, string>;
  /** Starts the continuation run; absent where nothing can be started (the share card). */
  onKeepMeasuring?: (request: RunRequest) => void;
  /** A run or sweep is in progress: the continuation would be refused, so it is not offered. */
  busy?: boolean;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

export function VerdictStrip({ run, status, recommendation, titles, onKeepMeasuring, busy }: Props) {
  const verdict = status === 'ready' ? verdictOf(run, recommendation) : null;
  const state = verdict?.state ?? 'pending';
  const next = onKeepMeasuring ? continuationOf(run).request : null;
  // Where the answer's choice loses, said with the answer, not left to the table below.
  const slower = verdict ? slowerOnSentence(verdict.slowerOn, (key) => workloadKeyWords(key, titles)) : null;
  return (
    <section
      className={`verdict-strip verdict-${state}`}
      aria-label="Verdict"
      data-testid="verdict-strip"
      data-state={state}
    >
      <p className="verdict-sentence" data-testid="verdict-sentence">
        {status === 'loading' && 'Ranking the backends…'}
        {status === 'error' && 'No verdict: the ranking failed (see the recommendation below).'}
        {status === 'empty' && 'No verdict yet.'}
        {verdict?.sentence}
      </p>
      {verdict && verdict.intervals.length > 0 && (
        <ul className="plain verdict-intervals" data-testid="verdict-intervals">
          {verdict.intervals.map((i) => (
            <li key={i.workloadKey} className={i.decided ? 'decided' : 'open'}>
              {workloadKeyWords(i.workloadKey, titles)}: <span className="num">{i.text}</span>
              {i.note ? ` (${i.note})` : !i.decided && ' (not decided)'}
            </li>
          ))}
        </ul>
      )}
      {slower && (
        <p className="verdict-slower" data-testid="verdict-slower">
          {slower}
        </p>
      )}
      {verdict && verdict.runnerUp && verdict.intervals.length === 0 && (
        <p className="note">No interval: too few runs, or the pair was not compared on any workload.</p>
      )}
      {verdict && verdict.otherRoles.length > 0 && (
        <p className="verdict-roles" data-testid="verdict-roles">
          {verdict.otherRoles.join(' · ')}
        </p>
      )}
      {(run.dependencySplit ?? []).map((split) => (
        // The dependency-folder answer is part of the verdict: where to keep that folder.
        <p
          key={`${split.plain} ${split.workloadKey}`}
          className="verdict-roles"
          data-testid="verdict-dependency"
        >
          {split.workloadKey === 'custom' ? 'Your project' : workloadKeyWords(split.workloadKey, titles)}:{' '}
          {dependencySplitWords(split)}
        </p>
      ))}
      {run.npmLayouts && (
        // npm-install's answer is a layout (where node_modules lives), not a product setting.
        <p className="verdict-roles" data-testid="verdict-layout">
          {npmLayoutSentence(run.npmLayouts)}
        </p>
      )}
      {next && onKeepMeasuring && (
        <p className="verdict-continue" data-no-export="true">
          <button
            type="button"
            data-testid="keep-measuring"
            disabled={busy}
            title={busy ? 'A run or sweep is in progress' : undefined}
            onClick={() => onKeepMeasuring(next)}
          >
            Keep measuring
          </button>{' '}
          <span className="note" data-testid="keep-measuring-what">
            {plural(next.workloads.length, 'workload')} ({next.workloads.join(', ')}) on{' '}
            {plural(next.backends?.length ?? 0, 'backend')} not decided yet, with this run's settings
          </span>
        </p>
      )}
      <p className="meta" data-testid="verdict-counts">
        {countsLine(run)}
        {recommendation && ` · profile ${recommendation.profile.label}`} · details below
      </p>
      {countsNote(run) && (
        <details className="meta" data-testid="verdict-counts-details">
          <summary>Details</summary>
          <p>{countsNote(run)}</p>
        </details>
      )}
    </section>
  );
}

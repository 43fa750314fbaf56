// The run's log, newest last, as a live region screen readers read politely. Memoised: it
// re-renders when a line is added, not on every sample.
import { memo, useEffect, useRef } from 'react';
import type { LogEntry } from '../lib/run-log';

export const EventLog = memo(function EventLog({
  entries,
  startedAtMs,
}: {
  entries: LogEntry[];
  startedAtMs: number | null;
}) {
  const start = startedAtMs ?? entries[0]?.atMs ?? 0;
  const list = useRef<HTMLOListElement>(null);
  const last = entries.at(-1)?.seq;
  // Keep the newest line in view, as a terminal would.
  useEffect(() => {
    const element = list.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [last]);
  return (
    <section className="card" aria-label="Run log">
      <h2>Log</h2>
      <ol ref={list} className="log" role="log" aria-live="polite" data-testid="run-log" tabIndex={0}>
        {entries.map((entry) => (
          <li key={entry.seq} className={entry.level}>
            <span className="log-time">+{Math.max(0, Math.round((entry.atMs - start) / 1000))} s</span>{' '}
            {entry.text}
          </li>
        ))}
      </ol>
    </section>
  );
});

// What a settings switch does to the user's machine, said before it happens: which product
// restarts, roughly how long the restarts take, and which of their running containers stop (by
// name). One sentence covers the containers, so "every container stops" and "none of yours will
// stop" are never said side by side.
import { formatDuration } from '../lib/estimate-words';

interface Props {
  product: string;
  restarts: boolean;
  containersToStop: string[];
  /** Seconds the restarts alone take (not the measuring); null when not known. */
  estimatedSeconds: number | null;
  /** A sweep switches each setting and then puts the user's back: one restart more. */
  sweep?: boolean;
  testId: string;
}

export function RestartList({
  product,
  restarts,
  containersToStop,
  estimatedSeconds,
  sweep = false,
  testId,
}: Props) {
  const stops = sweep ? 'Each restart stops' : 'The restart stops';
  if (!restarts) {
    return <p data-testid={`${testId}-restarts`}>{product} does not need to restart: it restarts nothing.</p>;
  }
  return (
    <>
      <p data-testid={`${testId}-restarts`}>
        <strong>{product} restarts</strong> (quits and starts again)
        {sweep ? ' for each setting switched, and once more to put yours back' : ''}
        {estimatedSeconds !== null && <> — about {formatDuration(estimatedSeconds)} of restarting in all</>}.
      </p>
      {containersToStop.length > 0 ? (
        <>
          <p>
            {stops} every container {product} runs, and these of yours are running now:
          </p>
          <ul className="plain stopping" data-testid={`${testId}-containers`}>
            {containersToStop.map((name) => (
              <li key={name} data-testid={`${testId}-container-${name}`}>
                {name}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p data-testid={`${testId}-containers`}>
          {stops} every container {product} runs; none of yours is running now.
        </p>
      )}
    </>
  );
}

// What a settings switch does to the user's machine, said before it happens: which product
// restarts, which of their running containers stop (by name), roughly how long it takes.
import { formatDuration } from '../lib/estimate-words';

interface Props {
  product: string;
  restarts: boolean;
  containersToStop: string[];
  estimatedSeconds: number | null;
  testId: string;
}

export function RestartList({ product, restarts, containersToStop, estimatedSeconds, testId }: Props) {
  if (!restarts) {
    return <p data-testid={`${testId}-restarts`}>{product} does not need to restart: it restarts nothing.</p>;
  }
  return (
    <>
      <p data-testid={`${testId}-restarts`}>
        <strong>{product} restarts</strong> (quits and starts again) for each setting
        {estimatedSeconds !== null && <> — about {formatDuration(estimatedSeconds)} in all</>}.
      </p>
      {containersToStop.length > 0 ? (
        <>
          <p>These running containers of yours will stop:</p>
          <ul className="plain stopping" data-testid={`${testId}-containers`}>
            {containersToStop.map((name) => (
              <li key={name} data-testid={`${testId}-container-${name}`}>
                {name}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p data-testid={`${testId}-containers`}>No running containers of yours will stop.</p>
      )}
    </>
  );
}

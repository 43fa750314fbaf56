// Placeholder page until the dashboard lands: says what Mountbench is and lists the engines the
// core can see, which proves the whole path page → preload → IPC → core works.
import { useEffect, useState } from 'react';
import type { DiscoveredEngine } from '../../shared/engine';
import { mountbench } from './api';
import { EngineList } from './EngineList';

type EnginesState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; engines: DiscoveredEngine[] };

export function App() {
  const [state, setState] = useState<EnginesState>({ status: 'loading' });

  useEffect(() => {
    let current = true;
    mountbench.engines.list().then(
      (engines) => current && setState({ status: 'ready', engines }),
      (err: unknown) =>
        current && setState({ status: 'error', message: err instanceof Error ? err.message : String(err) }),
    );
    // StrictMode mounts twice in development; only the live effect may set state.
    return () => {
      current = false;
    };
  }, []);

  return (
    <main className="page">
      <h1>Mountbench</h1>
      <p className="lead">
        Mountbench measures how fast Docker file sharing is on this machine: it runs the same disk workloads
        on bind mounts, named volumes, tmpfs and the container&apos;s own layer, for each file-sharing setting
        of Docker Desktop, Rancher Desktop or colima, and tells you which setting is fastest for your work.
      </p>
      <h2>Docker engines on this machine</h2>
      {state.status === 'loading' && <p role="status">Looking for Docker engines…</p>}
      {state.status === 'error' && (
        <p role="alert" className="error">
          Could not list the engines: {state.message}
        </p>
      )}
      {state.status === 'ready' && <EngineList engines={state.engines} />}
    </main>
  );
}

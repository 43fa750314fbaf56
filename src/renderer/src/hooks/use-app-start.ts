// What the dashboard does once on start: listen to run, sweep and apply events, read the machine, engines and
// workloads, list stored runs, and rejoin a run, sweep or apply still in progress (a reload mid-job).
import { useEffect } from 'react';
import type { Stores } from '../stores/create-stores';

export function useAppStart(stores: Stores): void {
  useEffect(() => {
    const listening = new AbortController();
    stores.run.getState().listen(listening.signal);
    stores.sweep.getState().listen(listening.signal);
    stores.apply.getState().listen(listening.signal);
    void stores.setup.getState().load();
    void stores.history.getState().refresh();
    void stores.compare.getState().loadPublished();
    // A job the core still has in progress is shown on the Run view.
    for (const job of [stores.run, stores.sweep, stores.apply])
      void job
        .getState()
        .reconnect()
        .then(() => {
          if (job.getState().phase === 'active') stores.nav.getState().show('run');
        });
    // React's StrictMode mounts twice in development: the first subscription must end.
    return () => listening.abort();
  }, [stores]);
}

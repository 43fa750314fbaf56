// The dashboard's frame: header, error banner, the views as tabs. The stores do the work.
import { ErrorBanner } from './components/ErrorBanner';
import { panelId, tabId, Tabs } from './components/Tabs';
import { ViewBoundary } from './components/ViewBoundary';
import { useAppStart } from './hooks/use-app-start';
import type { TabId } from './stores/nav-store';
import { useSlice, useStores } from './stores/StoresContext';
import { CompareView } from './views/CompareView';
import { HistoryView } from './views/HistoryView';
import { ResultsView } from './views/ResultsView';
import { RunView } from './views/RunView';
import { SetupView } from './views/SetupView';

const VIEWS: Record<TabId, () => React.JSX.Element> = {
  setup: SetupView,
  run: RunView,
  results: ResultsView,
  compare: CompareView,
  history: HistoryView,
};

export function App() {
  const stores = useStores();
  useAppStart(stores);
  const tab = useSlice(
    (s) => s.nav,
    (s) => s.tab,
  );
  const busy = useSlice(
    (s) => s.run,
    (s) => s.phase === 'active' || s.phase === 'starting',
  );
  const version = useSlice(
    (s) => s.setup,
    (s) => s.info?.version,
  );
  const View = VIEWS[tab];
  return (
    <div className="app">
      <header className="app-header">
        <h1>
          Mountbench <span className="tagline">which Docker file sharing is fastest on this machine</span>
        </h1>
        {version && <span className="version">v{version}</span>}
      </header>
      <ErrorBanner />
      <Tabs selected={tab} onSelect={stores.nav.getState().show} busy={busy} />
      <main
        role="tabpanel"
        id={panelId(tab)}
        aria-labelledby={tabId(tab)}
        className="panel"
        data-testid={`panel-${tab}`}
      >
        {/* Keyed by tab: a view that failed gets a fresh start when the user comes back to it. */}
        <ViewBoundary key={tab}>
          <View />
        </ViewBoundary>
      </main>
    </div>
  );
}

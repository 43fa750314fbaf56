// The dashboard's frame: header, error banner, the views as tabs. The stores do the work.
// A tab click answers at once (the tab is selected in the same frame); the view it opens renders
// as a deferred update, which React renders in slices that yield to input, so mounting a view
// (Setup's plan, the Run view's log and chart) never holds the click's frame back, even while a run
// streams its progress into the page.
import { useDeferredValue, useMemo } from 'react';
import { ChartWarmup } from './components/ChartWarmup';
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
import { TeamView } from './views/TeamView';

const VIEWS: Record<TabId, () => React.JSX.Element> = {
  setup: SetupView,
  run: RunView,
  results: ResultsView,
  compare: CompareView,
  history: HistoryView,
  team: TeamView,
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
  // The view shown lags the selected tab while it renders; until then the old one stays.
  const shownTab = useDeferredValue(tab);
  // One element per shown tab, so the urgent render of a click (the tabs) does not re-render it.
  const view = useMemo(() => {
    const View = VIEWS[shownTab];
    return (
      // Keyed by tab: a view that failed gets a fresh start when the user comes back to it.
      <ViewBoundary key={shownTab}>
        <View />
      </ViewBoundary>
    );
  }, [shownTab]);
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
        id={panelId(shownTab)}
        aria-labelledby={tabId(shownTab)}
        aria-busy={shownTab !== tab}
        className="panel"
        data-testid={`panel-${shownTab}`}
      >
        {view}
      </main>
      <ChartWarmup />
    </div>
  );
}

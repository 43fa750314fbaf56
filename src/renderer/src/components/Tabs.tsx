// The views as a real tablist: arrow keys, Home and End move between tabs (and select them), only
// the selected tab is in the Tab order, and each tab controls its panel.
import { useRef, type KeyboardEvent } from 'react';
import { TABS, type TabId } from '../stores/nav-store';

const LABELS: Record<TabId, string> = {
  setup: 'Setup',
  run: 'Run',
  results: 'Results',
  compare: 'Compare',
  history: 'History',
  team: 'Team',
};

export function tabId(tab: TabId): string {
  return `tab-${tab}`;
}

export function panelId(tab: TabId): string {
  return `panel-${tab}`;
}

export function Tabs({
  selected,
  onSelect,
  busy,
}: {
  selected: TabId;
  onSelect(tab: TabId): void;
  busy: boolean;
}) {
  const buttons = useRef(new Map<TabId, HTMLButtonElement>());

  const move = (event: KeyboardEvent, index: number) => {
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % TABS.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + TABS.length) % TABS.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? TABS.length - 1
              : null;
    if (next === null) return;
    event.preventDefault();
    onSelect(TABS[next]);
    buttons.current.get(TABS[next])?.focus();
  };

  return (
    <div role="tablist" aria-label="Mountbench views" className="tabs">
      {TABS.map((tab, index) => (
        <button
          key={tab}
          ref={(el) => void (el ? buttons.current.set(tab, el) : buttons.current.delete(tab))}
          type="button"
          role="tab"
          id={tabId(tab)}
          aria-selected={tab === selected}
          aria-controls={panelId(tab)}
          tabIndex={tab === selected ? 0 : -1}
          data-testid={`tab-${tab}`}
          onClick={() => onSelect(tab)}
          onKeyDown={(event) => move(event, index)}
        >
          {LABELS[tab]}
          {tab === 'run' && busy && (
            <span className="tab-dot" aria-label="(a run is in progress)" role="img" />
          )}
        </button>
      ))}
    </div>
  );
}

// What the compare view lays side by side: stored runs (measured here or imported) and published
// machines, plus the import of a colleague's file.
import { createStore } from 'zustand/vanilla';
import type { HyperfineImportDetails, ImportedRun, MountbenchApi } from '../../../shared/api';
import type { ComparisonRow, MachineRatio } from '../../../shared/comparison';
import { m1VsIntelKeys } from '../lib/compare-data';
import { errorMessage } from '../lib/error-message';
import { hyperfineCommands } from '../lib/hyperfine-sniff';

export interface ImportStatus {
  kind: 'idle' | 'reading' | 'imported' | 'error';
  message: string | null;
}

/** A picked hyperfine export waiting for what hyperfine does not record. */
export interface PendingHyperfine {
  file: { name: string; lastModified: number };
  text: string;
  commands: string[];
}

export interface CompareState {
  runIds: string[];
  measured: ComparisonRow[];
  /** Machine against machine over what is shown, computed by the core (its ratio intervals). */
  ratios: MachineRatio[];
  published: ComparisonRow[];
  publishedStatus: 'loading' | 'ready' | 'error';
  publishedKeys: string[];
  importStatus: ImportStatus;
  pendingHyperfine: PendingHyperfine | null;
  loadPublished(): Promise<void>;
  toggleRun(runId: string): Promise<void>;
  togglePublished(machineKey: string): void;
  /** One click: the published M1 Pro against the Intel 2017 Mac, and nothing else. */
  showM1VsIntel(): Promise<void>;
  /** These stored runs side by side, and nothing else (History's "Compare selected"). */
  showRuns(runIds: string[]): Promise<void>;
  /** A run file is imported at once; a hyperfine export waits in `pendingHyperfine` for its details. */
  importFile(fileName: string, text: string, lastModified?: number): Promise<string | null>;
  importHyperfine(details: HyperfineImportDetails): Promise<string | null>;
  cancelHyperfine(): void;
  forgetRun(runId: string): void;
}

export interface CompareStoreOptions {
  api: MountbenchApi;
  onImported?: () => void;
  onError?: (context: string, err: unknown) => void;
}

const toggle = (list: string[], id: string) =>
  list.includes(id) ? list.filter((x) => x !== id) : [...list, id];

export function createCompareStore(options: CompareStoreOptions) {
  const { api } = options;
  let ticket = 0;

  return createStore<CompareState>()((set, get) => {
    let ratioTicket = 0;
    // What is shown changed: the core works out machine against machine again (fewer than two
    // sources cannot have two machines, and need no call).
    const loadRatios = async () => {
      const mine = ++ratioTicket;
      const { runIds, publishedKeys } = get();
      if (runIds.length + publishedKeys.length < 2) {
        set({ ratios: [] });
        return;
      }
      try {
        const ratios = await api.results.machineRatios(runIds, publishedKeys);
        if (mine === ratioTicket) set({ ratios });
      } catch (err) {
        if (mine === ratioTicket) set({ ratios: [] });
        options.onError?.('Could not compare the machines', err);
      }
    };

    const loadMeasured = async (runIds: string[]) => {
      const mine = ++ticket;
      set({ runIds });
      try {
        const measured = runIds.length ? await api.results.rows(runIds) : [];
        if (mine === ticket) set({ measured });
      } catch (err) {
        if (mine === ticket) options.onError?.('Could not load the runs to compare', err);
      }
      if (mine === ticket) await loadRatios();
    };

    const imported = async (fileName: string, call: () => Promise<ImportedRun>) => {
      set({ importStatus: { kind: 'reading', message: `Importing ${fileName}…` } });
      try {
        const outcome = await call();
        const message =
          outcome.status === 'imported'
            ? `Imported ${fileName} as run ${outcome.id}.`
            : `${fileName} was already imported (run ${outcome.id}).`;
        set({ importStatus: { kind: 'imported', message } });
        options.onImported?.();
        if (!get().runIds.includes(outcome.id)) await loadMeasured([...get().runIds, outcome.id]);
        return outcome.id;
      } catch (err) {
        set({ importStatus: { kind: 'error', message: errorMessage(err) } });
        return null;
      }
    };

    return {
      runIds: [],
      measured: [],
      ratios: [],
      published: [],
      publishedStatus: 'loading',
      publishedKeys: [],
      importStatus: { kind: 'idle', message: null },
      pendingHyperfine: null,

      async loadPublished() {
        try {
          set({ published: await api.results.published(), publishedStatus: 'ready' });
        } catch (err) {
          set({ publishedStatus: 'error' });
          options.onError?.('Could not load the published figures', err);
        }
      },

      toggleRun: (runId) => loadMeasured(toggle(get().runIds, runId)),

      togglePublished(machineKey) {
        set((s) => ({ publishedKeys: toggle(s.publishedKeys, machineKey) }));
        void loadRatios();
      },

      async showM1VsIntel() {
        if (get().publishedStatus !== 'ready') await get().loadPublished();
        set({ publishedKeys: m1VsIntelKeys(get().published) });
        await loadMeasured([]);
      },

      async showRuns(runIds) {
        set({ publishedKeys: [] });
        await loadMeasured([...new Set(runIds)]);
      },

      async importFile(fileName, text, lastModified = Date.now()) {
        const commands = hyperfineCommands(text);
        if (commands) {
          set({
            pendingHyperfine: { file: { name: fileName, lastModified }, text, commands },
            importStatus: { kind: 'idle', message: null },
          });
          return null;
        }
        set({ pendingHyperfine: null });
        return imported(fileName, () => api.results.import(fileName, text));
      },

      async importHyperfine(details) {
        const pending = get().pendingHyperfine;
        if (!pending) return null;
        const id = await imported(pending.file.name, () =>
          api.results.importHyperfine(pending.file, pending.text, details),
        );
        if (id !== null) set({ pendingHyperfine: null });
        return id;
      },

      cancelHyperfine: () => set({ pendingHyperfine: null }),

      forgetRun(runId) {
        if (get().runIds.includes(runId)) void loadMeasured(get().runIds.filter((id) => id !== runId));
      },
    };
  });
}

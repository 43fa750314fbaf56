// "My project" in Setup: the folder (typed, recent, or picked in the desktop app's dialog), what
// the core found in it, and the command and image the user confirmed or edited. The core checks
// the folder again when the run starts; the page only ever names it.
import { createStore } from 'zustand/vanilla';
import type { MountbenchApi } from '../../../shared/api';
import { defaultChoice, type ProjectInspection } from '../../../shared/project';
import type { RunRequest } from '../../../shared/run-plan';

export interface ProjectState {
  status: 'idle' | 'looking' | 'ready' | 'error';
  /** What the user typed. */
  typed: string;
  recent: string[];
  inspection: ProjectInspection | null;
  error: string | null;
  /** Measured in the next run (ticked once a folder is inspected). */
  included: boolean;
  command: string;
  image: string;
  /** Measure the first dependency folder in a named volume beside the plain bind mount. */
  splitDependency: boolean;
  /** Drop the engine VM's page cache before every sample (the core refuses it off a VM). */
  coldCache: boolean;
  loadRecent(): Promise<void>;
  type(text: string): void;
  inspect(folder: string): Promise<void>;
  pick(): Promise<void>;
  include(on: boolean): void;
  setCommand(command: string): void;
  setImage(image: string): void;
  setSplitDependency(on: boolean): void;
  setColdCache(on: boolean): void;
}

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

export function createProjectStore(options: { api: MountbenchApi }) {
  const { api } = options;
  return createStore<ProjectState>()((set, get) => {
    const found = (inspection: ProjectInspection | null) => {
      if (!inspection) {
        set({ status: get().inspection ? 'ready' : 'idle' });
        return;
      }
      const choice = defaultChoice(inspection);
      set({
        status: 'ready',
        inspection,
        typed: inspection.folder,
        error: null,
        included: true,
        command: choice.command?.command ?? '',
        image: choice.image?.image ?? '',
        // Offered, and on, wherever there is a dependency folder: the question every guide answers.
        splitDependency: inspection.dependencyFolders.length > 0,
      });
      void get().loadRecent();
    };
    const failed = (err: unknown) =>
      set({ status: 'error', error: message(err), inspection: null, included: false });
    return {
      status: 'idle',
      typed: '',
      recent: [],
      inspection: null,
      error: null,
      included: false,
      command: '',
      image: '',
      splitDependency: false,
      coldCache: false,
      async loadRecent() {
        set({ recent: await api.projects.recent().catch(() => []) });
      },
      type: (typed) => set({ typed }),
      async inspect(folder) {
        set({ status: 'looking', error: null });
        await api.projects.inspect(folder).then(found, failed);
      },
      async pick() {
        set({ status: 'looking', error: null });
        await api.projects.pick().then(found, failed);
      },
      include: (included) => set({ included }),
      setCommand: (command) => set({ command }),
      setImage: (image) => set({ image }),
      setSplitDependency: (splitDependency) => set({ splitDependency }),
      setColdCache: (coldCache) => set({ coldCache }),
    };
  });
}

/** The project's part of a run request: the custom workload and its cold-cache mode. */
export type ProjectRequestPart = Pick<RunRequest, 'coldCache'> & {
  custom: NonNullable<RunRequest['custom']>;
};

/** The project's part of a run request, what is missing, or null when no project is chosen. */
export function projectRequest(
  s: Pick<ProjectState, 'included' | 'inspection' | 'command' | 'image' | 'splitDependency' | 'coldCache'>,
): ProjectRequestPart | { problem: string } | null {
  if (!s.included || !s.inspection) return null;
  if (!s.command.trim()) return { problem: 'Give the command that builds your project.' };
  if (!s.image.trim()) return { problem: 'Give the image your project builds in.' };
  const dependencyFolder = s.splitDependency ? s.inspection.dependencyFolders[0] : undefined;
  return {
    custom: {
      command: s.command.trim(),
      folder: s.inspection.folder,
      image: s.image.trim(),
      ...(dependencyFolder ? { dependencyFolder } : {}),
    },
    ...(s.coldCache ? { coldCache: 'vm' as const } : {}),
  };
}

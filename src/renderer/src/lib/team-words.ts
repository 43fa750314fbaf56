// The Team page's sentences, written once so the page and its tests say the same thing.
import { ratioFigure, formatRatioInterval } from '../../../shared/format-ratio';
import { ROLE_TITLES } from '../../../shared/roles';
import type {
  ChangeSureness,
  ReleaseChange,
  TeamMachine,
  VersionSource,
  WinnerCount,
} from '../../../shared/team-view';

const SURE: Record<ChangeSureness, string> = {
  'most-machines': 'seen on most machines that measured both releases',
  'some-machines': 'seen on some machines only: check the others before believing it',
  'one-machine': 'seen on one machine only: it may be that machine’s noise',
};

export function surenessWords(change: ReleaseChange): string {
  return `${change.machines.length} of ${change.measuredBoth} ${change.measuredBoth === 1 ? 'machine' : 'machines'}: ${SURE[change.sure]}`;
}

/** Whose numbering a release is in: "docker-desktop" for its own releases, "docker-desktop engine" for its engine's. */
export function releaseOwner(provider: string, source: VersionSource): string {
  return source === 'engine' ? `${provider} engine` : provider;
}

/**
 * "Regression: small-file-read (default) on VZ + VirtioFS, bind mount, docker-desktop 4.37.1 → 4.37.2";
 * "… docker-desktop engine 27.4.0 → 27.5.1" when the runs recorded only the engine's version.
 */
export function changeTitle(change: ReleaseChange): string {
  const kind = change.kind === 'regression' ? 'Regression' : 'Improvement';
  const product = releaseOwner(change.provider, change.versionSource);
  return `${kind}: ${change.workloadKey} (${change.size}) on ${change.backendLabel}, ${product} ${change.fromVersion} → ${change.toVersion}`;
}

/** "1.30 × as long (median of the machines that saw it)". */
export function changeRatioWords(change: ReleaseChange): string {
  return `${ratioFigure(change.medianRatio)} × as long after as before (median of the machines that saw it)`;
}

export function evidenceWords(e: ReleaseChange['machines'][number]): string {
  return formatRatioInterval(e);
}

export function machineName(machine: TeamMachine | undefined, machineId: string): string {
  return machine ? `${machine.chip} · ${machine.cores} cores · ${machineId}` : machineId;
}

export function winnerWordsFor(w: WinnerCount): string {
  const machines = `${w.machines} ${w.machines === 1 ? 'machine' : 'machines'}`;
  switch (w.state) {
    case 'decided':
      return `${w.label}: fastest, measurably, on ${machines}`;
    case 'tie':
      // Counted over machines whose ties differ in kind: some within the margin (equivalent), some
      // only within a sweep's drift or what a run could resolve. What all of them showed is no
      // measurable difference; "equivalent" would claim more than most of those showed.
      return `${w.label}: first, no measurable difference from the next, on ${machines}`;
    case 'only':
      return `${w.label}: the only option measured on ${machines}`;
    case 'undecided':
      return `${w.label}: not decided yet on ${machines}`;
  }
}

export const roleTitle = (role: WinnerCount['role'] | null): string =>
  role ? ROLE_TITLES[role] : 'Host baseline';

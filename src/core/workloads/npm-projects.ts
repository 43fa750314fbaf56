// The projects npm-install installs: real package.json and package-lock.json files, shipped in
// resources/npm-install/ (docs/workloads.md says where each came from). They are imported, so
// the bundler inlines them and no path is opened at run time; npm wrote them with two-space
// indentation and a final newline, so `JSON.stringify` gives back the very bytes npm wrote.
import craLock from '../../../resources/npm-install/create-react-app/package-lock.json';
import craPackage from '../../../resources/npm-install/create-react-app/package.json';
import staticLock from '../../../resources/npm-install/serve-static/package-lock.json';
import staticPackage from '../../../resources/npm-install/serve-static/package.json';

export const NPM_PROJECT_IDS = ['create-react-app', 'serve-static'] as const;
export type NpmProjectId = (typeof NPM_PROJECT_IDS)[number];

export interface NpmProject {
  id: NpmProjectId;
  /** A few words for the size line and for errors. */
  title: string;
  /** package.json as npm wrote it. */
  manifest: string;
  /** package-lock.json as npm wrote it. */
  lockfile: string;
  /** Packages `npm ci` installs on Linux (an optional package for another OS, fsevents, is left out). */
  installs: number;
}

const asNpmWrote = (json: unknown) => `${JSON.stringify(json, null, 2)}\n`;

const PROJECTS: Record<NpmProjectId, NpmProject> = {
  'create-react-app': {
    id: 'create-react-app',
    title: 'the create-react-app project of the 2025 comparison',
    manifest: asNpmWrote(craPackage),
    lockfile: asNpmWrote(craLock),
    installs: 1_399,
  },
  'serve-static': {
    id: 'serve-static',
    title: 'a static file server (serve-static 1.16)',
    manifest: asNpmWrote(staticPackage),
    lockfile: asNpmWrote(staticLock),
    installs: 21,
  },
};

export function npmProject(id: string): NpmProject {
  if (!(NPM_PROJECT_IDS as readonly string[]).includes(id)) throw new Error(`no npm project ${id}`);
  return PROJECTS[id as NpmProjectId];
}

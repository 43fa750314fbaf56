// What a PHP or Rails developer waits on after saving: a page reload, served by an app in the
// container that stats and reads its few hundred source files on every request. The runner times
// the requests from the host, as a browser sees them (measure-page-reload.ts); this file says
// what is laid and how big it is.
import type { MountKind } from '../../shared/ids';
import type { WorkloadDefinition } from './workload';
import { countWords } from '../../shared/size-format';
import { fixtureSeconds } from './fixture-cost';
import { pageReloadFixture, sourceSize } from './page-reload-app';

export interface PageReloadParams extends Record<string, number> {
  /** Files the page stats and reads per request (the edited template among them). */
  files: number;
  /** Timed requests without an edit. */
  requests: number;
  /** Timed edits; each one's figure is the time from the write to the first fresh page. */
  edits: number;
}

function notScripted(): never {
  throw new Error('page-reload is timed by the runner from the host, not by a script');
}

function fixtureBytes(files: number): number {
  let bytes = 0;
  for (let i = 0; i < files - 1; i++) bytes += sourceSize(i);
  return bytes;
}

export const pageReload: WorkloadDefinition<PageReloadParams> = {
  id: 'page-reload',
  title: 'Page reload',
  description:
    'A web app in the container stats and reads its source files on every request; p50 and p95 latency from the host, without an edit and after one.',
  sizes: {
    // ddev's nightly harness times a Drupal page through the web server; a Drupal page in
    // development mode loads a few hundred PHP files (docs/workloads.md).
    default: { files: 400, requests: 300, edits: 200 },
    quick: { files: 100, requests: 30, edits: 5 },
  },
  sizeWords: ({ files, requests, edits }) =>
    `${countWords(files)} files per page, ${countWords(requests)} requests, ${countWords(edits)} edits`,
  // A request costs a few process starts plus the reads: ~20 ms natively, more through a VM share.
  // Its timed count is fixed by the size (requests and edits together), not by the run count.
  cost: ({ files, requests, edits }) => ({
    cases: 1,
    perExecution: 0.02 + files * 5e-5,
    fixture: fixtureSeconds(fixtureBytes(files), files),
    fixedRuns: requests + edits,
  }),
  fixture: ({ files }) => pageReloadFixture(files),
  script: notScripted,
  derive: notScripted,
  // The edits write the template: every backend lays its own copy.
  writes: true,
  unsupportedOn: (mount: MountKind) => {
    if (mount === 'host')
      return 'the host baseline has no web server of the bench image to serve the page (page-reload runs in a container)';
    if (mount === 'mutagen' || mount === 'docker-sync' || mount === 'compose-watch')
      return `the synced container of ${mount} publishes no port for the page yet`;
    return null;
  },
};

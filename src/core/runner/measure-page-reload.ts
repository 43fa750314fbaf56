// Times page-reload from the host: the app is started in the backend's environment on the laid
// fixture, then requested through the loopback port the engine published. Two results: requests
// without an edit, and edits (the host writes the template, then reloads until the page carries
// it). A page that did not stat and read every file, or that stays stale, fails the sample.
import { writeFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { MountbenchError } from '../../shared/errors';
import type { SizeName } from '../../shared/ids';
import type { Backend, WorkloadResult } from '../../shared/result-schema';
import { statsWarnings, summarize } from '../stats';
import {
  EDITED_FILE,
  INITIAL_MARKER,
  PAGE_PATH,
  PAGE_RELOAD_PORT,
  editScript,
  parsePage,
  startServerScript,
  stopServerScript,
} from '../workloads/page-reload-app';
import type { WebRequestWorkload } from '../workloads/workload';
import { HOST_MARKER_CLOCK } from './clock';
import type { BackendExecutor } from './executor';
import type { MeasureHooks } from './measure-hooks';
import { getPage, type PageResponse } from './page-request';
import { scriptFailure } from './time-sample';
import type { ProcessCost } from '../host-processes/process-cost';
import { servingResult, spentAcross } from '../host-processes/serving-cost';

const REQUEST_TIMEOUT_MS = 30_000;
const READY_TIMEOUT_MS = 15_000;
/** How long a page may stay stale after an edit before the share is said not to carry edits. */
export const STALE_AFTER_MS = 30_000;

export interface PageReloadOptions {
  /** Overrides STALE_AFTER_MS (tests prove a stale page fails without waiting 30 s). */
  staleAfterMs?: number;
}

/** p-th quantile by linear interpolation between the order statistics (as numpy's default). */
export function quantile(xs: readonly number[], p: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  if (!sorted.length) return 0;
  const at = (sorted.length - 1) * p;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (at - lo);
}

/** A page this app rendered after stat'ing and reading every file, or a failed sample. */
export function checkedPage(response: PageResponse, files: number): { marker: string } {
  const page = response.status === 200 ? parsePage(response.body) : null;
  if (!page)
    throw new MountbenchError(
      'WORKLOAD_FAILED',
      `the page answered ${response.status} with ${JSON.stringify(response.body.slice(0, 200))}: not a rendered page`,
    );
  if (page.files !== files)
    throw new MountbenchError(
      'WORKLOAD_FAILED',
      `the page stat'ed ${page.files} files of ${files}: it did not do the work of a page`,
    );
  return page;
}

async function waitReady(port: number, signal: AbortSignal): Promise<PageResponse> {
  const until = performance.now() + READY_TIMEOUT_MS;
  for (;;) {
    try {
      return await getPage(port, PAGE_PATH, REQUEST_TIMEOUT_MS, signal);
    } catch (err) {
      if (signal.aborted) throw err;
      if (performance.now() > until)
        throw new MountbenchError(
          'WORKLOAD_FAILED',
          `the page-reload web app did not answer on 127.0.0.1:${port} within ${READY_TIMEOUT_MS / 1000} s: ${(err as Error).message}`,
        );
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

/** Writes the template where the developer would: on the host when it can, else through the container. */
function editorFor(executor: BackendExecutor, workloadId: string, signal: AbortSignal) {
  const hostDir = executor.hostPathOf(workloadId);
  const workdir = executor.workdir(workloadId);
  if (hostDir) {
    const file = join(hostDir, EDITED_FILE);
    // An editor's save: a new file renamed over the old, as most editors write.
    return {
      where: 'host' as const,
      edit: async (marker: string) => {
        await writeFile(`${file}.tmp`, `${marker}\n`);
        await rename(`${file}.tmp`, file);
      },
    };
  }
  return {
    where: 'container' as const,
    edit: async (marker: string) => {
      const done = await executor.run(editScript(workdir, marker), signal);
      if (done.exitCode !== 0) throw scriptFailure(done, 'the edit through the container');
    },
  };
}

export async function measurePageReload(
  executor: BackendExecutor,
  backend: Backend,
  workload: WebRequestWorkload,
  size: SizeName,
  warmup: number,
  hooks: MeasureHooks,
  options: PageReloadOptions = {},
): Promise<WorkloadResult[]> {
  const { signal } = hooks;
  const staleAfterMs = options.staleAfterMs ?? STALE_AFTER_MS;
  const files = Number(workload.sizes[size].files);
  if (!executor.publishedPort)
    throw new MountbenchError('BAD_INPUT', `page-reload needs a published port; ${backend.label} has none`);
  hooks.phase('fixture');
  await executor.prepareWorkdir(workload.id, workload.fixture(size), signal);
  const workdir = executor.workdir(workload.id);
  const fsType = await executor.fsTypeOf(workdir, signal);
  const port = await executor.publishedPort(PAGE_RELOAD_PORT, signal);
  const started = await executor.run(startServerScript(workdir), signal);
  const pid = Number(/^pid (\d+)$/m.exec(started.stdout)?.[1]);
  if (started.exitCode !== 0 || !Number.isInteger(pid))
    throw scriptFailure(started, 'starting the page-reload web app');
  try {
    hooks.phase('calibrate');
    // The first page after the fixture was laid: the cold one, reported apart.
    const first = await waitReady(port, signal);
    if (checkedPage(first, files).marker !== INITIAL_MARKER)
      throw new MountbenchError('WORKLOAD_FAILED', 'the first page does not carry the template as laid');
    const request = async () => {
      const response = await getPage(port, PAGE_PATH, REQUEST_TIMEOUT_MS, signal);
      return { response, page: checkedPage(response, files) };
    };

    if (warmup > 0) hooks.phase('warmup');
    for (let i = 0; i < warmup; i++) hooks.sample('no-edit', i, true, (await request()).response.seconds);
    hooks.phase('timed');
    // What the share's host processes spent on each timed request, and on carrying each edit.
    const serving = executor.serving ?? [];
    const requestSpent: ProcessCost[] = [];
    const editSpent: ProcessCost[] = [];
    const latencies: number[] = [];
    for (let i = 0; i < workload.requests(size); i++) {
      const { value, spent } = await spentAcross(serving, request);
      latencies.push(value.response.seconds);
      if (spent) requestSpent.push(spent);
      hooks.sample('no-edit', i, false, value.response.seconds);
    }

    const editor = editorFor(executor, workload.id, signal);
    const stale: number[] = [];
    const editLatencies: number[] = [];
    const edit = async (index: number, warm: boolean) => {
      const { spent } = await spentAcross(warm ? [] : serving, () => editUntilSeen(index, warm));
      if (spent) editSpent.push(spent);
    };
    const editUntilSeen = async (index: number, warm: boolean) => {
      const marker = `${warm ? 'w' : 't'}${index}-${process.hrtime.bigint()}`;
      const began = performance.now();
      await editor.edit(marker);
      let staleAnswers = 0;
      for (;;) {
        const { page } = await request();
        if (page.marker === marker) break;
        staleAnswers++;
        if (performance.now() - began > staleAfterMs)
          throw new MountbenchError(
            'WORKLOAD_FAILED',
            `the page was still stale ${staleAfterMs / 1000} s after the edit (${staleAnswers} stale answers): ` +
              `the app does not see the ${editor.where}'s edit`,
          );
      }
      const seconds = (performance.now() - began) / 1000;
      hooks.sample('after-edit', index, warm, seconds);
      if (!warm) {
        editLatencies.push(seconds);
        stale.push(staleAnswers);
      }
    };
    for (let i = 0; i < warmup; i++) await edit(i, true);
    for (let i = 0; i < workload.edits(size); i++) await edit(i, false);

    const result = (
      caseId: string,
      samples: number[],
      spent: ProcessCost[],
      derived: Record<string, number>,
      more: string[],
    ) => {
      const stats = summarize(samples);
      return {
        backend,
        workload: { id: workload.id, size, params: workload.sizes[size], case: caseId },
        fsType,
        clock: {
          source: 'host-request',
          resolutionSeconds: HOST_MARKER_CLOCK.resolutionSeconds,
          overheadSeconds: 0,
        },
        cache: warmup > 0 ? ('warm' as const) : ('cold' as const),
        warmupRuns: warmup,
        stats,
        derived: { p50Seconds: quantile(samples, 0.5), p95Seconds: quantile(samples, 0.95), ...derived },
        firstRun: { seconds: first.seconds, differs: first.seconds > quantile(samples, 0.95) },
        stop: { rule: 'fixed' as const, relativeHalfWidth: null },
        ...(executor.image ? { image: executor.image } : {}),
        ...servingResult(serving, spent, samples.length),
        warnings: [
          ...statsWarnings(stats, {
            clockResolutionSeconds: HOST_MARKER_CLOCK.resolutionSeconds,
            warmupRuns: warmup,
          }),
          ...more,
        ],
      } satisfies WorkloadResult;
    };
    return [
      result('no-edit', latencies, requestSpent, { firstRequestSeconds: first.seconds }, []),
      result(
        'after-edit',
        editLatencies,
        editSpent,
        { staleAnswersPerEdit: stale.reduce((a, b) => a + b, 0) / Math.max(1, stale.length) },
        editor.where === 'container'
          ? [
              'The host cannot write into this mount: each edit was made through the container, so no share carried it.',
            ]
          : [],
      ),
    ];
  } finally {
    await executor.run(stopServerScript(pid), signal).catch(() => undefined);
  }
}

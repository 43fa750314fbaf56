// For tests: one suite that runs every workload's real shell text on a laid quick fixture and checks
// that the scripts did the work (files written, pages rendered, mtimes kept, lookups made), not how
// long they took. The same suite runs on the host's own tools and inside the BusyBox bench image,
// since the scripts must behave the same on both.
import { describe, expect, it } from 'vitest';
import { BUFFERED_READ_FILE, bufferedRead } from '../buffered-read';
import { LARGE_WRITE_PREFIX, largeWrite, largeWriteFileName } from '../large-write';
import { metadataWalk, walkMissingPaths } from '../metadata-walk';
import { siteBuild } from '../site-build';
import {
  SITE_ASSET_MTIME,
  SITE_OUTPUT,
  siteAssetPath,
  siteFolders,
  sitePageContent,
  sitePagePath,
  siteOutputPath,
} from '../site-build-fixture';
import { workloadCases, type WorkloadDefinition, type WorkloadParams } from '../workload';
import { mustRun, runCase, type WorkloadShell } from '../workload-shell';

export interface ScriptEnvironment {
  /** Lays the workload's fixture in a fresh workload folder and returns a shell working in it. */
  lay<P extends WorkloadParams>(workload: WorkloadDefinition<P>, params: P): Promise<WorkloadShell>;
}

/** What the site build must make of one source page: the oracle for every awk it meets. */
export function expectedPageHtml(source: string): string {
  const lines = source.split('\n').slice(0, -1);
  const close = lines.indexOf('---', 1);
  const title = (lines.slice(1, close).find((l) => l.startsWith('title: ')) ?? '').slice('title: '.length);
  const body = lines
    .slice(close + 1)
    .filter((l) => l !== '')
    .map((l) =>
      l.startsWith('## ')
        ? `<h2>${l.slice(3)}</h2>`
        : l.startsWith('# ')
          ? `<h1>${l.slice(2)}</h1>`
          : `<p>${l}</p>`,
    );
  return [
    '<!DOCTYPE html>',
    `<html><head><meta charset="utf-8"><title>${title}</title></head>`,
    `<body><header><a href="/">Home</a> / ${title}</header><main>`,
    ...body,
    '</main><footer>Built by mountbench site-build</footer></body></html>',
    '',
  ].join('\n');
}

function countOf(shell: WorkloadShell, command: string): Promise<number> {
  return mustRun(shell, `${command} | awk 'END { print NR }'`).then(Number);
}

export function describeWorkloadScripts(
  name: string,
  environment: () => ScriptEnvironment,
  options: { skip?: boolean } = {},
): void {
  // Each case lays a real quick fixture (thousands of files) and runs the real script: a few seconds
  // on a quiet machine, more beside other work, so the 5 s default is no bound on correctness.
  describe.skipIf(options.skip ?? false)(`workload scripts: ${name}`, { timeout: 60_000 }, () => {
    it('large-write writes every file whole, and every sample writes new files', async () => {
      const params = largeWrite.sizes.quick;
      const shell = await environment().lay(largeWrite, params);
      expect(await shell(largeWrite.verifyScript!(params))).toMatchObject({ exitCode: 0 });
      const [sample] = workloadCases(largeWrite, params);
      for (let round = 0; round < 2; round++) {
        // A leftover of a previous sample must not survive the reset.
        await mustRun(shell, `echo stale > ${largeWriteFileName(9)}`);
        expect(await runCase(shell, sample)).toMatchObject({ exitCode: 0 });
        const listing = await mustRun(shell, `ls -ln ${LARGE_WRITE_PREFIX}*.bin | awk '{ print $9, $5 }'`);
        expect(listing.split('\n')).toEqual(
          Array.from(
            { length: params.files },
            (_, i) => `${largeWriteFileName(i)} ${params.blockBytes * params.blocksPerFile}`,
          ),
        );
      }
    });

    it('large-write names the file it could not write, and refuses a folder too small', async () => {
      const params = largeWrite.sizes.quick;
      const shell = await environment().lay(largeWrite, params);
      await mustRun(shell, `mkdir ${largeWriteFileName(2)}`);
      const failed = await runCase(shell, workloadCases(largeWrite, params)[0]);
      expect(failed.exitCode).not.toBe(0);
      expect(failed.stderr).toContain(`writing ${largeWriteFileName(2)} failed`);
      const huge = { ...params, blocksPerFile: 1e12 };
      const refused = await shell(largeWrite.verifyScript!(huge));
      expect(refused.exitCode).not.toBe(0);
      expect(refused.stderr).toMatch(/large-write needs \d+ KiB free in .*, it has \d+ KiB/);
    });

    it('buffered-read reads the whole file in read() calls of each size', async () => {
      const params = bufferedRead.sizes.quick;
      const shell = await environment().lay(bufferedRead, params);
      expect(await shell(bufferedRead.verifyScript!(params))).toMatchObject({ exitCode: 0 });
      const cases = workloadCases(bufferedRead, params);
      expect(cases.map((c) => c.id)).toEqual(['128', '1024']);
      for (const readCase of cases) {
        const result = await runCase(shell, readCase);
        expect(result.exitCode).toBe(0);
        // dd counts the full-size reads it made: exactly the operations the result is divided by.
        expect(result.stderr).toMatch(new RegExp(`^${readCase.opsPerSample}\\+0 records in$`, 'm'));
      }
      await mustRun(shell, `dd if=/dev/zero of=${BUFFERED_READ_FILE} bs=1024 count=1 2>/dev/null`);
      const wrong = await shell(bufferedRead.verifyScript!(params));
      expect(wrong.exitCode).not.toBe(0);
      expect(wrong.stderr).toContain(`has 1024 bytes, expected ${params.fileBytes}`);
    });

    it('site-build renders every page, copies every asset keeping its mtime, and starts afresh', async () => {
      const params = siteBuild.sizes.quick;
      const folders = siteFolders(params);
      const shell = await environment().lay(siteBuild, params);
      expect(await shell(siteBuild.verifyScript!(params))).toMatchObject({ exitCode: 0 });
      const [sample] = workloadCases(siteBuild, params);
      for (let round = 0; round < 2; round++) {
        if (round > 0) await mustRun(shell, `echo stale > ${SITE_OUTPUT}/stale.html`);
        const result = await runCase(shell, sample);
        expect(result.stderr).toBe('');
        expect(result.exitCode).toBe(0);
        expect(await countOf(shell, `find ${SITE_OUTPUT} -type f -name '*.html'`)).toBe(params.pages);
        expect(await countOf(shell, `find ${SITE_OUTPUT} -type f -name '*.png'`)).toBe(params.assets);
        expect(await countOf(shell, `find ${SITE_OUTPUT} -type d`)).toBe(folders.length);
      }
      for (const index of [0, 2, params.pages - 1]) {
        const html = await mustRun(shell, `cat ${siteOutputPath(sitePagePath(folders, index))}`);
        expect(`${html}\n`).toBe(expectedPageHtml(sitePageContent(params, folders, index).toString('utf8')));
      }
      const asset = siteAssetPath(folders, 1);
      const copied = asset.replace(/^src\//, `${SITE_OUTPUT}/`);
      expect(await mustRun(shell, `stat -c '%Y %s' ${copied}`)).toBe(
        `${SITE_ASSET_MTIME} ${params.assetBytes}`,
      );
      expect(await shell(`cmp ${asset} ${copied}`)).toMatchObject({ exitCode: 0 });

      await mustRun(shell, `rm ${sitePagePath(folders, 0)}`);
      const broken = await shell(siteBuild.verifyScript!(params));
      expect(broken.exitCode).not.toBe(0);
      expect(broken.stderr).toContain(`has ${params.pages - 1} pages, expected ${params.pages}`);
    });

    it('metadata-walk walks the tree and really looks up every missing path', async () => {
      const params = metadataWalk.sizes.quick;
      const shell = await environment().lay(metadataWalk, params);
      expect(await shell(metadataWalk.verifyScript!(params))).toMatchObject({ exitCode: 0 });
      const [sample] = workloadCases(metadataWalk, params);
      expect(await runCase(shell, sample)).toMatchObject({ exitCode: 0, stderr: '' });
      // Make one "missing" path exist: a script that skipped its lookups could not notice.
      const last = walkMissingPaths(params).at(-1)!;
      await mustRun(shell, `mkdir -p ${last.replace(/\/[^/]*$/, '')} && echo x > ${last}`);
      const caught = await runCase(shell, sample);
      expect(caught.exitCode).not.toBe(0);
      expect(caught.stderr).toContain('metadata-walk: 1 of the missing paths exist');
    });
  });
}

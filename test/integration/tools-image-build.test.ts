// Building an image on the real engine from a one-file Dockerfile context, as the default tools
// image is built on a user's machine: progress from the build's steps, the image there after,
// a failing step refused with the engine's reason. The base is the local bench image, so no
// registry is needed; the tags are this process's own and removed after.
import { execFileSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import type { PullProgress } from '../../src/shared/pull-progress';
import { buildImageFromDockerfile, ensureToolsImage } from '../../src/core/runner/tools-image-build';
import { docker, image } from './support';

const TAG = `mountbench-test/tools-build:${process.pid}`;
const FAILING = `mountbench-test/tools-build-fails:${process.pid}`;
afterAll(async () => {
  for (const tag of [TAG, FAILING])
    await docker
      .getImage(tag)
      .remove({ force: true })
      .catch(() => undefined);
});

describe('building an image from a Dockerfile on the engine', () => {
  it('builds it with progress through its steps, and the image runs what the steps made', async () => {
    const progress: PullProgress[] = [];
    await buildImageFromDockerfile(
      docker,
      TAG,
      `FROM ${image}\nRUN echo built > /built\nLABEL mountbench.test="1"\n`,
      new AbortController().signal,
      (p) => progress.push(p),
    );
    const info = await docker.getImage(TAG).inspect();
    expect(info.Config.Labels?.['mountbench.test']).toBe('1');
    expect(
      execFileSync('docker', ['run', '--rm', '--network', 'none', TAG, 'cat', '/built'], {
        encoding: 'utf8',
      }),
    ).toBe('built\n');
    expect(progress.map((p) => p.fraction).filter((f) => f !== null)).toEqual(
      expect.arrayContaining([0, 1 / 3, 2 / 3]),
    );
    expect(progress.some((p) => p.status.includes('RUN echo built'))).toBe(true);
  });

  it('refuses a build whose step fails, with the engine’s reason and what to do', async () => {
    await expect(
      buildImageFromDockerfile(
        docker,
        FAILING,
        `FROM ${image}\nRUN exit 3\n`,
        new AbortController().signal,
        () => {},
      ),
    ).rejects.toMatchObject({
      code: 'IMAGE_UNAVAILABLE',
      message: expect.stringMatching(
        /could not build the tools image .*returned a non-zero code: 3.*--tools-image/,
      ),
    });
    await expect(docker.getImage(FAILING).inspect()).rejects.toMatchObject({ statusCode: 404 });
  });

  it('takes an image the user named as it is, without building, when it is on the engine', async () => {
    const progress: PullProgress[] = [];
    await ensureToolsImage(docker, image, new AbortController().signal, (p) => progress.push(p));
    expect(progress).toEqual([]);
  });
});

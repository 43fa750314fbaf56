// The default tools image's recipe is one thing in three places: resources/tools-image.json (read
// by the app), resources/tools-image/Dockerfile (for a user who builds it by hand) and the package
// list of scripts/build-tools-image.sh (the offline build). And the build stream's progress words.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BuildProgressTracker, toolsDockerfile, TOOLS_IMAGE_BASE } from './tools-image-build';
import { TOOLS_IMAGE_PACKAGES } from './tools-image';

const root = join(__dirname, '../../..');

describe('the tools image recipe', () => {
  it('resources/tools-image/Dockerfile is the Dockerfile the app builds, byte for byte', () => {
    expect(readFileSync(join(root, 'resources/tools-image/Dockerfile'), 'utf8')).toBe(toolsDockerfile());
  });

  it('pins its base by digest and installs the offline build script’s packages', () => {
    expect(TOOLS_IMAGE_BASE).toMatch(/^debian:bookworm-slim@sha256:[0-9a-f]{64}$/);
    const script = readFileSync(join(root, 'scripts/build-tools-image.sh'), 'utf8');
    const line = /^PACKAGES="([^"]*)"$/m.exec(script);
    expect(line?.[1].split(' ')).toEqual([...TOOLS_IMAGE_PACKAGES]);
    for (const tool of ['git', 'nodejs', 'npm', 'fio', 'php-cli', 'busybox-static'])
      expect(TOOLS_IMAGE_PACKAGES).toContain(tool);
  });
});

describe('build progress', () => {
  it('turns "Step n/m" lines into the fraction of steps begun, and keeps the step as the words', () => {
    const tracker = new BuildProgressTracker();
    expect(tracker.add({ stream: 'Step 1/4 : FROM debian' })).toMatchObject({ fraction: 0 });
    expect(tracker.add({ status: 'Pulling from library/debian', id: 'bookworm-slim' }).status).toBe(
      'building: Pulling from library/debian',
    );
    const step = tracker.add({ stream: 'Step 3/4 : RUN apt-get update \n' });
    expect(step).toMatchObject({ fraction: 0.5, status: 'building: Step 3/4 : RUN apt-get update' });
    // apt's own output between steps leaves the step where it was.
    expect(tracker.add({ stream: 'Get:1 http://deb.debian.org/debian bookworm InRelease' })).toMatchObject({
      fraction: 0.5,
    });
  });

  it('ignores what is not a build line: junk, absurd step counts, non-strings', () => {
    const tracker = new BuildProgressTracker();
    expect(tracker.add(null).fraction).toBeNull();
    expect(tracker.add({ stream: 42 }).fraction).toBeNull();
    expect(tracker.add({ stream: 'Step 9/3 : RUN x' }).fraction).toBeNull();
    expect(tracker.add({ stream: 'Step 1/100000 : RUN x' }).fraction).toBeNull();
    expect(tracker.add({ stream: `Step 1/2 : ${'x'.repeat(10_000)}` }).status.length).toBeLessThanOrEqual(
      220,
    );
  });
});

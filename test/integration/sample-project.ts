// "My project" for the tests: a small static site, generated into a folder under a throwaway HOME,
// whose compose file names an image built here, offline, from the bench image (FROM it, nothing
// pulled). Its build is a shell script (the bench image has sh, sed and cat): a layout around each
// page, written into _site, like a static site generator's many small reads and writes.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type Docker from 'dockerode';

/** The image the sample's compose service names; built by buildSampleImage. */
export const SAMPLE_IMAGE = 'mountbench-test/sample-site:1';
export const SAMPLE_COMMAND = 'sh build.sh';
export const SAMPLE_PAGES = 40;

const BUILD_SH = `set -e
rm -rf _site
mkdir -p _site
for page in pages/*.md; do
  name=$(basename "$page" .md)
  { cat layout/head.html; sed 's|^# \\(.*\\)|<h1>\\1</h1>|' "$page"; cat layout/foot.html; } > "_site/$name.html"
done
test "$(ls _site | wc -l)" -eq ${SAMPLE_PAGES}
`;

/** Writes the site into `home/code/<name>` and returns its folder. */
export function writeSampleProject(home: string, name = 'sample-site'): string {
  const root = join(home, 'code', name);
  mkdirSync(join(root, 'pages'), { recursive: true });
  mkdirSync(join(root, 'layout'));
  writeFileSync(
    join(root, 'compose.yaml'),
    `services:
  site:
    image: ${SAMPLE_IMAGE}
    working_dir: /site
    command: ${SAMPLE_COMMAND}
    volumes:
      - ./:/site
`,
  );
  writeFileSync(join(root, 'build.sh'), BUILD_SH);
  writeFileSync(join(root, 'layout', 'head.html'), '<!doctype html><html><body>\n');
  writeFileSync(join(root, 'layout', 'foot.html'), '</body></html>\n');
  for (let i = 1; i <= SAMPLE_PAGES; i++)
    writeFileSync(
      join(root, 'pages', `page-${String(i).padStart(3, '0')}.md`),
      `# Page ${i}\n\nSome text.\n`,
    );
  return root;
}

/** Builds SAMPLE_IMAGE from the bench image with the engine's classic builder: nothing is pulled. */
export async function buildSampleImage(
  docker: Docker,
  benchImage: string,
  contextDir: string,
): Promise<void> {
  mkdirSync(contextDir, { recursive: true });
  writeFileSync(join(contextDir, 'Dockerfile'), `FROM ${benchImage}\nLABEL mountbench.test=sample-site\n`);
  const stream = await docker.buildImage(
    { context: contextDir, src: ['Dockerfile'] },
    { t: SAMPLE_IMAGE, pull: false },
  );
  const output = await new Promise<Array<{ error?: string }>>((resolve, reject) =>
    docker.modem.followProgress(stream, (err: Error | null, res: Array<{ error?: string }>) =>
      err ? reject(err) : resolve(res),
    ),
  );
  const failed = output.find((line) => line.error);
  if (failed) throw new Error(`building ${SAMPLE_IMAGE} failed: ${failed.error}`);
}

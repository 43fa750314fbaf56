import { describe, expect, it } from 'vitest';
import type { RunFile } from '../../shared/result-schema';
import { parseRunFileText } from '../store/parse-run-file';
import { runFileJson } from '../store/run-json';
import { sampleRun, sampleWorkloadResult } from '../store/test-support/run-fixture';
import { findLeak, identifyingStrings } from './leak-check';
import { sharedText } from './publish';
import { sanitizeRun } from './sanitize-run';

const HOST = 'alices-macbook-pro';
const USER = 'alice';
const HOME = '/Users/alice';
const PROJECT = 'acme-webshop';
const PLANTED = [HOST, USER, HOME, PROJECT];
const identity = { hostName: `${HOST}.local`, userName: USER, home: HOME };
/** A registry host on the user's own network: it names no one here, but says where they work. */
const REGISTRY = 'harbor.internal.example';
const CUSTOM_IMAGE = `${REGISTRY}:5000/${USER}/${PROJECT}:dev`;

/** A run where every free-text field carries the host name, user name, home folder or project name. */
function plantedRun(): RunFile {
  const custom = sampleWorkloadResult();
  custom.workload = {
    id: 'custom',
    size: 'default',
    params: {
      command: `cd ${HOME}/src/${PROJECT} && make test`,
      project: PROJECT,
      image: `ghcr.io/${USER}/${PROJECT}:dev`,
    },
  };
  custom.backend = {
    id: `docker-desktop/vz-virtiofs/bind+${PROJECT}-cache-volume`,
    provider: 'docker-desktop',
    variant: 'vz-virtiofs',
    mount: 'bind',
    label: `bind mount · VZ + VirtioFS · ${PROJECT}-cache in a named volume`,
    dependencyVolume: `${PROJECT}-cache`,
  };
  custom.warnings = [`the fixture at ${HOME}/Library/Caches/Mountbench was slow on ${HOST}`];
  // The image the custom workload ran in, from a registry on the user's own network.
  custom.image = CUSTOM_IMAGE;
  custom.hostTools = `${HOME}/bin/bash`;
  custom.fsType = `${HOME}/fs`;
  custom.clock = { ...custom.clock, source: `${HOST} clock` };
  const plain = sampleWorkloadResult();
  plain.workload = { ...plain.workload, params: { ...plain.workload.params, note: `${HOME}/x` } };
  plain.race = { round: 3, reason: 'slower', slowerThan: custom.backend.id };
  plain.image = 'busybox:1.36.1';
  return sampleRun({
    app: { name: 'mountbench', version: `0.1.0 ${HOST}`, commit: `${USER}-build` },
    origin: { tool: 'hyperfine', file: `${USER}-${PROJECT}.json` },
    machine: {
      chip: 'Apple M2 Pro',
      arch: 'arm64',
      processArch: 'arm64',
      rosetta: false,
      cores: 12,
      memoryBytes: 32 * 1024 ** 3,
      os: {
        platform: 'darwin',
        name: 'macOS',
        version: '14.5',
        kernel: `Darwin Kernel Version 23.5.0: root:xnu on ${HOST}`,
      },
      label: `${USER}'s laptop (${HOST})`,
    },
    engine: {
      name: `${USER}-remote`,
      endpoint: `unix://${HOME}/.docker/run/docker.sock`,
      provider: 'docker-desktop',
      serverVersion: '26.1.4',
      productVersion: '4.31.1',
      apiVersion: '1.45',
      os: `Docker Desktop on ${HOME}`,
      osType: 'linux',
      arch: 'aarch64',
      kernelVersion: '6.6.31-linuxkit',
      cpus: 8,
      memoryBytes: 8 * 1024 ** 3,
    },
    image: `ghcr.io/${USER}/${PROJECT}:dev`,
    results: [custom, plain],
    errors: [
      {
        name: 'MountbenchError',
        message: `cannot read ${HOME}/src/${PROJECT}`,
        code: 'IO',
        backendId: custom.backend.id,
        workloadId: 'custom',
      },
    ],
    dependencySplit: [
      {
        folder: `${PROJECT}-cache`,
        workloadKey: 'custom',
        plain: 'docker-desktop/vz-virtiofs/bind',
        split: custom.backend.id,
        plainLabel: 'bind mount · VZ + VirtioFS',
        speedup: { ratio: 2, low: 1.8, high: 2.2 },
        verdict: 'faster',
      },
    ],
    skipped: [
      {
        backendId: custom.backend.id,
        workloadId: 'sync-latency',
        reason: `${HOME}/src/${PROJECT} is read-only`,
      },
    ],
  });
}

describe('the shared copy of a run', () => {
  it('holds no host name, user name, home folder or project name anywhere, and still parses', () => {
    const original = plantedRun();
    // The planted run is a valid run: the test proves the sanitizer, not the schema, drops them.
    expect(() => parseRunFileText(runFileJson(original), 'planted')).not.toThrow();
    for (const word of PLANTED) expect(runFileJson(original)).toContain(word);

    const text = runFileJson(sanitizeRun(original));
    for (const word of PLANTED) expect(text.toLowerCase()).not.toContain(word.toLowerCase());
    const back = parseRunFileText(text, 'shared');
    // …and keeps what the team compares.
    expect(back.machine).toMatchObject({ chip: 'Apple M2 Pro', cores: 12, memoryBytes: 32 * 1024 ** 3 });
    expect(back.machine.os.version).toBe('14.5');
    expect(back.engine).toMatchObject({
      provider: 'docker-desktop',
      serverVersion: '26.1.4',
      productVersion: '4.31.1',
      kernelVersion: '6.6.31-linuxkit',
    });
    // Mountbench's own image is kept per result; the custom workload's, from the user's registry, is not.
    expect(back.results.map((r) => r.image)).toEqual([undefined, 'busybox:1.36.1']);
    expect(text).not.toContain(REGISTRY);
    expect(back.results.map((r) => r.stats.samples)).toEqual(original.results.map((r) => r.stats.samples));
    expect(back.results[0].backend).toMatchObject({
      variant: 'vz-virtiofs',
      mount: 'bind',
      dependencyVolume: 'dependencies',
    });
    // A renamed backend is renamed everywhere it is referred to.
    expect(back.results[1].race?.slowerThan).toBe(back.results[0].backend.id);
    expect(back.dependencySplit?.[0].split).toBe(back.results[0].backend.id);
    expect(back.errors[0]).toMatchObject({ code: 'IO', message: '', backendId: back.results[0].backend.id });
    // And the check that runs before anything is sent finds nothing either.
    expect(findLeak(back, identifyingStrings(original, identity))).toBeNull();
    expect(() => sharedText(original, undefined, identity)).not.toThrow();
  });

  it('keeps the label only when the user gives one for the team, and a known dependency folder', () => {
    const run = plantedRun();
    run.results[0].backend.dependencyVolume = 'node_modules';
    run.results[0].backend.id = 'docker-desktop/vz-virtiofs/bind+node_modules-volume';
    expect(sanitizeRun(run).machine.label).toBeUndefined();
    const labelled = sanitizeRun(run, { label: 'Build Mac 3' });
    expect(labelled.machine.label).toBe('Build Mac 3');
    expect(labelled.results[0].backend.dependencyVolume).toBe('node_modules');
    expect(labelled.results[0].backend.id).toBe('docker-desktop/vz-virtiofs/bind+node_modules-volume');
  });

  it('keeps the bench image, drops any other', () => {
    expect(sanitizeRun(sampleRun({ image: 'busybox:1.36.1' })).image).toBe('busybox:1.36.1');
    expect(sanitizeRun(sampleRun({ image: 'mountbench/bench:offline' })).image).toBe(
      'mountbench/bench:offline',
    );
    expect(sanitizeRun(sampleRun({ image: 'registry.corp.example/team/tools:1' })).image).toBeNull();
  });

  it("keeps each result's image only when it is one of Mountbench's own", () => {
    const withImage = (image: string) => sampleRun({ results: [{ ...sampleWorkloadResult(), image }] });
    for (const own of [
      'busybox:1.36.1',
      'mountbench/bench:offline',
      'mountbench/tools:bookworm-1',
      'mountbench/tools:offline',
    ])
      expect(sanitizeRun(withImage(own)).results[0].image, own).toBe(own);
    // The same image from another registry names that registry (and perhaps a team or a user).
    for (const theirs of [
      'registry.corp.example:5000/alice/busybox:1.36.1',
      'ghcr.io/acme/tools:1',
      'myapp:dev',
    ])
      expect('image' in sanitizeRun(withImage(theirs)).results[0], theirs).toBe(false);
  });

  it("shares the product's own release only when it reads as a version", () => {
    const engine = sampleRun().engine!;
    expect(
      sanitizeRun(sampleRun({ engine: { ...engine, productVersion: '4.37.1' } })).engine?.productVersion,
    ).toBe('4.37.1');
    // A run built in memory skips the file's schema; the copy checks again.
    const odd = sampleRun({ engine: { ...engine, productVersion: `4.37 ${HOME}` } });
    expect(sanitizeRun(odd).engine?.productVersion).toBeNull();
    // An older run has no such field, and its copy gains none.
    expect('productVersion' in sanitizeRun(sampleRun()).engine!).toBe(false);
  });

  it('shows the product release and the image in the preview, which is exactly what is sent', () => {
    const engine = { ...sampleRun().engine!, productVersion: '4.37.1' };
    const run = sampleRun({ engine, results: [{ ...sampleWorkloadResult(), image: 'busybox:1.36.1' }] });
    const text = sharedText(run, undefined, identity);
    expect(text).toContain('"productVersion": "4.37.1"');
    expect(parseRunFileText(text, 'preview').results[0].image).toBe('busybox:1.36.1');
  });

  it("catches a user's image that a copy kept, whole or by its registry host", () => {
    const original = plantedRun();
    const words = identifyingStrings(original, identity);
    const kept = sanitizeRun(original);
    kept.results[0].image = CUSTOM_IMAGE;
    expect(findLeak(kept, words)).toMatch(/results\[0\]\.image holds/);
    const host = sanitizeRun(original);
    host.results[1].backend.label = `bind mount, image pulled from ${REGISTRY}`;
    expect(findLeak(host, words)).toBe(`results[1].backend.label holds "${REGISTRY}"`);
  });

  it('refuses to share a run whose shared copy still names this machine', () => {
    // A backend label is product words; one that carries the host name must stop the publish.
    const run = sampleRun();
    run.results[0].backend.label = `bind mount on ${HOST}`;
    expect(() => sharedText(run, undefined, identity)).toThrow(
      /results\[0\]\.backend\.label holds "alices-macbook-pro"/,
    );
  });
});

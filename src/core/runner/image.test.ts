// The engine's door for image names: ensureImage refuses a name outside Docker's grammar before any
// request. dockerode puts the name into the request path as it is (`/images/<name>/json`), so a name
// with `..` or `//` chose the path, and the registry URL, the engine was asked for.
import Docker from 'dockerode';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeEngine, type FakeEngine } from '../engines/test-support/fake-engine';
import { benchImageFor, checkedBenchImage, checkImageReference, ensureImage } from './image';

let engine: FakeEngine | undefined;
afterEach(async () => {
  await engine?.close();
  engine = undefined;
});

describe('image names at the engine door', () => {
  it.each(['a/../../..//127.0.0.1:1/x', '../../etc/passwd', '../', 'x/..//y'])(
    'refuses %s before any request reaches the engine',
    async (name) => {
      engine = await startFakeEngine('docker', { port: 0 });
      const [host, port] = engine.endpoint.replace('tcp://', '').split(':');
      const docker = new Docker({ host, port: Number(port) });
      await expect(ensureImage(docker, name, new AbortController().signal, () => {})).rejects.toMatchObject({
        code: 'BAD_INPUT',
        message: expect.stringMatching(/is not an image reference/),
      });
      expect(engine.requests).toEqual([]);
    },
  );

  it('takes a loopback registry only when allowed, and a bad MOUNTBENCH_IMAGE is named', () => {
    expect(() => checkImageReference('127.0.0.1:5000/x', 'the bench image', false)).toThrow(
      /loopback address/,
    );
    expect(() => checkImageReference('127.0.0.1:5000/x', 'the bench image', true)).not.toThrow();
    expect(() => benchImageFor(undefined, { MOUNTBENCH_IMAGE: '../x' })).toThrow(
      /MOUNTBENCH_IMAGE is not an image reference/,
    );
    expect(benchImageFor(undefined, { MOUNTBENCH_IMAGE: 'mountbench/bench:offline' })).toBe(
      'mountbench/bench:offline',
    );
  });

  it('takes a requested bench image on a loopback registry only when the user typed that image', () => {
    const beacon = 'localhost:5000/beacon:1';
    expect(() => checkedBenchImage(beacon, {})).toThrow(
      /loopback address, which the engine itself would call/,
    );
    expect(() => checkedBenchImage(beacon, {}, ['localhost:5000/other:1'])).toThrow(/loopback address/);
    expect(checkedBenchImage(beacon, {}, [beacon])).toBe(beacon);
    // MOUNTBENCH_IMAGE is the user's own setting: taken as typed.
    expect(checkedBenchImage(undefined, { MOUNTBENCH_IMAGE: beacon })).toBe(beacon);
    expect(checkedBenchImage('busybox:1.36', {})).toBe('busybox:1.36');
  });
});

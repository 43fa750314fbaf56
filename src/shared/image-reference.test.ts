import { describe, expect, it } from 'vitest';
import {
  imageReferenceProblem,
  imageReferenceSchema,
  parseImageReference,
  registryIsLoopback,
  type ImageReference,
} from './image-reference';

const ref = (text: string) => parseImageReference(text) as ImageReference;

describe('image references by Docker grammar', () => {
  it.each([
    'busybox',
    'busybox:1.36.1',
    'mountbench/bench:offline',
    'library/node:22-bookworm-slim',
    'ghcr.io/owner/repo/sub:v1.2',
    'localhost:5000/x',
    'registry.example.com:443/a__b/c-d.e:latest',
    '[::1]:5000/x',
    'docker.io/library/busybox:1.36.1@sha256:73aaf090f3d85aa34ee199857f03fa3a95c8ede2ffd4cc2cdb5b94e566b11662',
    'busybox@sha256:73aaf090f3d85aa34ee199857f03fa3a95c8ede2ffd4cc2cdb5b94e566b11662',
  ])('takes %s', (text) => {
    expect(imageReferenceProblem(text)).toBeNull();
  });

  it.each([
    ['../', 'no . or .. parts'],
    ['../../etc/passwd', 'no . or .. parts'],
    ['evil.example/../../v2/x', 'no . or .. parts'],
    ['Busybox', 'not a name part'],
    ['busybox:', 'not a tag'],
    ['busybox:-x', 'not a tag'],
    ['a//b', 'not a name part'],
    ['a/b/', 'not a name part'],
    ['busybox@sha256:zz', 'digest'],
    ['ex ample.com/x', 'not a registry'],
    ['-x.com/y', 'not a registry'],
    ['x?y=1', 'not a name part'],
    ['a'.repeat(300), 'at most 255'],
    ['a'.repeat(64), 'image id'],
    ['', 'empty'],
  ])('refuses %s', (text, why) => {
    expect(imageReferenceProblem(text)).toContain(why);
  });

  it('splits domain, path, tag and digest as Docker does', () => {
    expect(ref('localhost:5000/a/b:t')).toEqual({
      domain: 'localhost:5000',
      path: 'a/b',
      tag: 't',
      digest: null,
    });
    expect(ref('a/b:t').domain).toBeNull();
    expect(ref('localhost/x').domain).toBe('localhost');
  });

  it('knows a loopback registry in every spelling an engine might resolve', () => {
    for (const text of [
      'localhost:5000/x',
      'localhost/x',
      'api.localhost/x',
      '127.0.0.1:9999/beacon',
      '127.1.2.3/x',
      '0.0.0.0:80/x',
      '[::1]:5000/x',
      '2130706433:80/x',
      '0x7f.1:80/x',
    ])
      expect(registryIsLoopback(ref(text)), text).toBe(true);
    for (const text of [
      'busybox',
      'ghcr.io/a/b',
      '10.0.0.1:5000/x',
      'registry.example.com/x',
      'localhostx/y',
    ])
      expect(registryIsLoopback(ref(text)), text).toBe(false);
  });

  it('is the schema the boundaries use', () => {
    expect(imageReferenceSchema.safeParse('busybox:1.36.1').success).toBe(true);
    const bad = imageReferenceSchema.safeParse('../../etc/passwd');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0].message).toBe('not an image reference: an image name has no . or .. parts');
  });
});

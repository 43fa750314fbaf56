import { describe, expect, it } from 'vitest';
import { backendColor, backendSlot } from './backend-palette';

const colors = { series: ['c0', 'c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7'], baseline: 'grey' };

describe('backendSlot', () => {
  it('gives a backend the same colour in every view, whatever its position', () => {
    expect(backendSlot('docker-engine/native/tmpfs')).toBe(backendSlot('docker-desktop/VirtioFS/tmpfs'));
    expect(backendColor(colors, 'docker-engine/native/volume', false)).toBe('c1');
    expect(backendColor(colors, 'host', true)).toBe('grey');
  });

  it('tells apart the settings a sweep or a run lays side by side', () => {
    const sweep = [
      'docker-desktop/VirtioFS/bind',
      'docker-desktop/gRPC FUSE/bind',
      'docker-desktop/osxfs/bind',
    ];
    expect(new Set(sweep.map((k) => backendSlot(k))).size).toBe(3);
    const mounts = ['docker-engine/native/bind', 'docker-engine/native/volume', 'docker-engine/native/tmpfs'];
    expect(new Set(mounts.map((k) => backendSlot(k))).size).toBe(3);
  });

  it('gives an unknown backend a stable slot inside the palette', () => {
    const slot = backendSlot('someone/odd-setting/nfs');
    expect(slot).toBe(backendSlot('someone/odd-setting/nfs'));
    expect(slot).toBeGreaterThanOrEqual(0);
    expect(slot).toBeLessThan(8);
  });
});

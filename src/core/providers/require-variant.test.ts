import { describe, expect, it } from 'vitest';
import type { ProviderVariant } from './provider-variant';
import { requireAvailableVariant } from './require-variant';

const LIST: ProviderVariant[] = [
  { id: 'vz-virtiofs', label: 'VZ + VirtioFS', available: true, affects: ['bind'] },
  {
    id: 'osxfs',
    label: 'osxfs',
    available: false,
    reason: 'removed in Docker Desktop 4.44',
    affects: ['bind'],
  },
];

describe('requireAvailableVariant', () => {
  it('returns the variant asked for', () => {
    expect(requireAvailableVariant('Docker Desktop', LIST, 'vz-virtiofs').label).toBe('VZ + VirtioFS');
  });
  it('names the known variants for an unknown one', () => {
    expect(() => requireAvailableVariant('Docker Desktop', LIST, 'nfs')).toThrow(
      'Docker Desktop has no variant "nfs"; known: vz-virtiofs, osxfs',
    );
  });
  it('says why a variant cannot be used here', () => {
    expect(() => requireAvailableVariant('Docker Desktop', LIST, 'osxfs')).toThrow(
      'Docker Desktop variant "osxfs" is unavailable here: removed in Docker Desktop 4.44',
    );
  });
});

// Docker Desktop's file-sharing switches and the key each is written under, per settings
// generation: the one table that the provider (reading, applying) and the recommendation's advice
// (the settings a user is told to set) both use, so a key is never spelled twice. Pure data, no I/O.
// Sources: docs/product-facts.md (Docker Desktop).

export type Switch = 'vz' | 'virtiofs' | 'grpcfuse' | 'libkrun' | 'rosetta';

/** settings-store.json, 4.35 on: PascalCase. */
export const STORE_KEYS: Record<Switch, string> = {
  vz: 'UseVirtualizationFramework',
  virtiofs: 'UseVirtualizationFrameworkVirtioFS',
  grpcfuse: 'UseGrpcfuse',
  libkrun: 'UseLibkrun',
  rosetta: 'UseVirtualizationFrameworkRosetta',
};

/** settings.json, 4.34 and older: camelCase, and no Docker VMM. */
export const LEGACY_KEYS: Record<Switch, string | null> = {
  vz: 'useVirtualizationFramework',
  virtiofs: 'useVirtualizationFrameworkVirtioFS',
  grpcfuse: 'useGrpcfuse',
  libkrun: null,
  rosetta: 'useVirtualizationFrameworkRosetta',
};

const OFF_HV = { vz: false, virtiofs: false, libkrun: false } as const;

/**
 * The switches each variant sets: what Docker Desktop's GUI writes for it (docs/product-facts.md).
 * VirtioFS leaves gRPC FUSE as it is (VirtioFS wins while both are on); Docker VMM turns the
 * Virtualization framework and Rosetta off, as a real file shows.
 */
export const VARIANT_SWITCHES = {
  'vz-virtiofs': { vz: true, virtiofs: true, libkrun: false },
  'vz-grpcfuse': { vz: true, virtiofs: false, grpcfuse: true, libkrun: false },
  'qemu-grpcfuse': { ...OFF_HV, grpcfuse: true },
  'hyperkit-grpcfuse': { ...OFF_HV, grpcfuse: true },
  'qemu-osxfs': { ...OFF_HV, grpcfuse: false },
  'hyperkit-osxfs': { ...OFF_HV, grpcfuse: false },
  'docker-vmm': { libkrun: true, vz: false, rosetta: false },
} as const satisfies Record<string, Partial<Record<Switch, boolean>>>;

export type DockerDesktopVariantId = keyof typeof VARIANT_SWITCHES;

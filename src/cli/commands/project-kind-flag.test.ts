import { describe, expect, it } from 'vitest';
import { PROJECT_KINDS } from '../../shared/project-kinds';
import { requestFromFlags } from './run';
import { withProjectKind } from './project-kind-flag';

/** The flags `run` parses, as commander gives them (only what these tests set). */
interface Flags {
  mount: string;
  size: string;
  warmup: string;
  projectKind?: string;
  workload?: string;
  profile?: string;
}
const base: Flags = { mount: 'bind', size: 'quick', warmup: '1' };

describe('--project-kind', () => {
  it("gives the kind's workloads and profile as the defaults of --workload and --profile", () => {
    const flags = withProjectKind({ ...base, projectKind: 'php-rails' });
    expect(flags.profile).toBe('rails-php');
    expect(requestFromFlags(flags).workloads).toEqual(PROJECT_KINDS['php-rails'].workloads);
  });

  it('leaves a typed --workload or --profile as typed', () => {
    const flags = withProjectKind({
      ...base,
      projectKind: 'monorepo',
      workload: 'dd-write',
      profile: 'balanced',
    });
    expect(flags).toMatchObject({ workload: 'dd-write', profile: 'balanced' });
  });

  it('refuses an unknown kind, naming the ones there are', () => {
    expect(() => withProjectKind({ ...base, projectKind: 'django' })).toThrow(
      /unknown project-kind "django"; valid: node-frontend, php-rails, monorepo/,
    );
  });

  it('is no-op without the flag, and the default set is the published workloads', () => {
    expect(withProjectKind(base)).toBe(base);
    expect(requestFromFlags(base).workloads).toEqual([
      'small-file-read',
      'dd-write',
      'large-write',
      'buffered-read',
      'site-build',
      'metadata-walk',
      'sync-latency',
    ]);
  });
});

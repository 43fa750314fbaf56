import { describe, expect, it } from 'vitest';
import type { SweepProposalView } from '../../shared/sweep';
import type { VariantSpec } from '../providers/provider';
import type { SweepProposal } from './propose';
import { proposalView } from './sweep-views';

describe('the sweep proposal the dashboard is sent', () => {
  it('keeps every field of the shared type and drops what stays in the core', () => {
    const native: VariantSpec = {
      id: 'native',
      label: 'native',
      available: true,
      affects: ['bind'],
      expectedFsTypes: ['ext4'],
      bindFlags: [],
      notes: [],
    };
    const proposal: SweepProposal = {
      provider: {
        id: 'docker-engine',
        label: 'Docker Engine',
        installed: true,
        version: '20.10',
        running: true,
        currentVariant: 'native',
        currentSetting: 'native',
        settingsFile: null,
        engineName: 'default',
        problems: [],
      },
      variants: [
        {
          spec: native,
          plan: {
            variant: 'native',
            changes: false,
            restarts: false,
            writes: [],
            estimatedSeconds: 0,
            notes: [],
          },
        },
      ],
      unavailable: [{ id: 'fuse', label: 'FUSE share', reason: 'bindfs is not installed' }],
      mountStrategies: [
        { id: 'mutagen', available: false, reason: 'mutagen is not installed (not on PATH)' },
      ],
      backends: [
        {
          id: 'docker-engine/native/bind',
          label: 'bind mount · native',
          provider: 'docker-engine',
          variant: 'native',
          mount: 'bind',
        },
      ] as SweepProposal['backends'],
      restarts: false,
      containersToStop: ['web'],
      notes: ['a note'],
      estimatedSeconds: 12,
      blockers: [],
    };
    const view: SweepProposalView = proposalView(proposal);
    expect(view).toEqual({
      provider: proposal.provider,
      variants: [{ id: 'native', label: native.label, plan: proposal.variants[0].plan }],
      unavailable: proposal.unavailable,
      backends: [{ id: 'docker-engine/native/bind', label: 'bind mount · native' }],
      restarts: false,
      containersToStop: ['web'],
      estimatedSeconds: 12,
      blockers: [],
      notes: ['a note', 'mutagen: mutagen is not installed (not on PATH)'],
    });
    // Nothing of the core's VariantSpec (fs types, bind flags) rides along.
    expect(JSON.stringify(view)).not.toContain('expectedFsTypes');
  });
});

// The sweep: propose, run every variant of one provider, restore. The only door.
export { sweepRequestSchema, type SweepRequest } from './sweep-request';
export { proposeSweep, type SweepProposal, type ProposedVariant } from './propose';
export {
  runSweep,
  type SweepEvent,
  type SweepOptions,
  type SweepOutcome,
  type VariantOutcome,
} from './sweep';
export { restoreEverything, restoreOnAppStart, restorerFor } from './restore-all';
export { describeRestoreReport } from '../journal';
export { DOCKER_CLI_OWNER } from './docker-cli-context';
export { applySetting, proposeApply, noSettingToApply, type ApplyOptions } from './apply-setting';
export { proposalView, providerSummary } from './sweep-views';

// The team dataset as a front door uses it: publish a run to the team's branch (previewed first),
// pull the team's runs, and what a run says of its product. The dashboard's door is
// core/app/team-api.ts; the CLI's is this face.
export { pull, type PullOutcome, type PullRequest } from './pull';
export { previewPublish, publish, type PublishOutcome, type PublishPreview } from './publish';
export { DEFAULT_BRANCH } from './remote';
export { checkLabel } from './check-label';
export { productVersionKey, runProduct } from './team-figures';

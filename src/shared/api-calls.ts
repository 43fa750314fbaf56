// Every call of MountbenchApi as data: its channel and the schema of its arguments. Both transports
// validate what arrives against this table before the core sees it, so the renderer (untrusted) can
// never hand the core something the schemas do not allow. The channels themselves are listed once,
// in api-channels.ts; this table must have a row for each of them and no other (`satisfies`).
import { z } from 'zod';
import { EXPORT_FORMATS, type MountbenchApi } from './api';
import {
  API_CHANNELS,
  API_EVENT_CHANNELS,
  type ActionOf,
  type ApiChannel,
  type DomainOf,
} from './api-channels';
import { MOUNT_KINDS, PROVIDER_IDS, SIZES, WORKLOAD_IDS } from './ids';
import { projectFolderSchema } from './project';
import type { JobRequest } from './jobs';
import type { TeamPublishRequest, TeamPullRequest } from './team';
import { runRequestSchema } from './run-plan';
import { sweepRequestSchema, variantIdSchema } from './sweep';

/** Same shape as a run file's `id`. */
export const runIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9-]{1,100}$/, 'a run id is 1-100 letters, digits or dashes');

/** An engine as discovery names it: a Docker context name or a known socket's name. */
export const engineNameSchema = z
  .string()
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9_.+-]{0,199}$/,
    'an engine name is a Docker context name (letters, digits, _ . + -)',
  );

/** The import size limit of result files (design: over 50 MB is refused). */
export const MAX_IMPORT_CHARS = 50 * 1024 * 1024;

/** What the page says about a hyperfine export (HyperfineImportDetails). */
export const hyperfineDetailsSchema = z
  .object({
    backendLabel: z.string().trim().min(1, 'say which backend the times were taken on').max(300),
    workload: z.enum(WORKLOAD_IDS),
    size: z.enum(SIZES),
    mount: z.enum(MOUNT_KINDS),
    fsType: z.string().trim().max(100).nullable(),
    machineLabel: z.string().trim().max(200).nullable(),
    result: z.number().int().min(1).max(1000).nullable(),
  })
  .strict();

const pickedFileSchema = z
  .object({ name: z.string().min(1).max(255), lastModified: z.number().finite().nonnegative() })
  .strict();

/** What `jobs.start` accepts: a request naming its kind, strict at every level. */
export const jobRequestSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('run'), request: runRequestSchema }).strict(),
  z.object({ kind: z.literal('sweep'), request: sweepRequestSchema }).strict(),
  z.object({ kind: z.literal('apply'), provider: z.enum(PROVIDER_IDS), variant: variantIdSchema }).strict(),
]) satisfies z.ZodType<JobRequest>;

/** A dataset's address: resolved and checked by the core (core/team/remote.ts) before git sees it. */
const datasetSchema = z.string().trim().min(1, 'say where the dataset is').max(2000);
const branchSchema = z.string().min(1).max(100).nullable();
/** The machine's name in the dataset: printable, as every label (printable.ts checks again). */
const teamLabelSchema = z.string().trim().min(1).max(200).nullable();

export const teamPreviewSchema = z
  .object({ runIds: z.array(runIdSchema).min(1).max(100), label: teamLabelSchema })
  .strict();
export const teamPublishSchema = z
  .object({
    to: datasetSchema,
    branch: branchSchema,
    runIds: z.array(runIdSchema).min(1).max(100),
    label: teamLabelSchema,
  })
  .strict() satisfies z.ZodType<TeamPublishRequest>;
export const teamPullSchema = z
  .object({ from: datasetSchema, branch: branchSchema })
  .strict() satisfies z.ZodType<TeamPullRequest>;

export const API_CALLS = {
  'app:info': z.tuple([]),
  'engines:list': z.tuple([]),
  'engines:fsSeen': z.tuple([engineNameSchema]),
  'workloads:list': z.tuple([]),
  'mounts:list': z.tuple([]),
  'projects:inspect': z.tuple([projectFolderSchema]),
  'projects:pick': z.tuple([]),
  'projects:recent': z.tuple([]),
  'jobs:start': z.tuple([jobRequestSchema]),
  // A job's id has a run id's shape (a run's job id is its result file's id).
  'jobs:cancel': z.tuple([runIdSchema]),
  'jobs:active': z.tuple([]),
  'providers:list': z.tuple([]),
  'providers:planApply': z.tuple([z.enum(PROVIDER_IDS), variantIdSchema]),
  'sweeps:propose': z.tuple([sweepRequestSchema]),
  'results:list': z.tuple([]),
  'results:get': z.tuple([runIdSchema]),
  'results:delete': z.tuple([runIdSchema]),
  'results:import': z.tuple([z.string().min(1).max(255), z.string().max(MAX_IMPORT_CHARS)]),
  'results:importHyperfine': z.tuple([
    pickedFileSchema,
    z.string().max(MAX_IMPORT_CHARS),
    hyperfineDetailsSchema,
  ]),
  'results:export': z.tuple([runIdSchema, z.enum(EXPORT_FORMATS)]),
  'results:published': z.tuple([]),
  'results:rows': z.tuple([z.array(runIdSchema).max(1000)]),
  'results:machineRatios': z.tuple([
    z.array(runIdSchema).max(1000),
    z.array(z.string().min(1).max(300)).max(100),
  ]),
  'recommend:forRuns': z.tuple([z.array(runIdSchema).max(1000), z.string().min(1).max(2000), z.boolean()]),
  'team:publishPreview': z.tuple([teamPreviewSchema]),
  'team:publish': z.tuple([teamPublishSchema]),
  'team:pull': z.tuple([teamPullSchema]),
  // A dataset folder as typed: the core checks it is an absolute path to a folder (team/view-team.ts).
  'team:view': z.tuple([z.string().min(1).max(4096)]),
} as const satisfies Record<ApiChannel, z.ZodTuple>;

export { API_CHANNELS, type ApiChannel };

/** Every job's events, pushed from the core to the dashboard, never invoked. */
export const JOB_EVENT_CHANNEL = API_EVENT_CHANNELS.jobs;

/** The API method a channel names, e.g. `results:get` → `api.results.get`. */
export type ApiMethod<C extends ApiChannel> =
  DomainOf<C> extends keyof MountbenchApi
    ? ActionOf<C> extends keyof MountbenchApi[DomainOf<C>]
      ? MountbenchApi[DomainOf<C>][ActionOf<C>]
      : never
    : never;

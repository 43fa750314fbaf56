// The shape of a saved Team view (view-cache.ts). A view whose MAC verifies was written by this
// data folder's Mountbench, but maybe by another version of it, or cut short by a bug: it is still
// checked against this schema, and anything else is a miss. `satisfies` ties each part to the
// type the page receives, so the schema cannot drift from shared/team-view.ts.
import { z } from 'zod';
import { ROLES } from '../../shared/roles';
import type {
  Distribution,
  ReleaseChange,
  SpreadGroup,
  TeamMachine,
  TeamTrends,
  WinnerCount,
  WorkloadSpread,
} from '../../shared/team-view';
import type { RoleWinner } from '../../shared/api';
import type { TeamRefusedFile } from '../../shared/team';
import type { LatestMachine } from './analyze-team';

const text = z.string();
const id = z.string();
const num = z.number();
const count = z.number().int().nonnegative();
const state = z.enum(['decided', 'only', 'tie', 'undecided']);
const role = z.enum(ROLES);
const versionSource = z.enum(['product', 'engine']);

const distribution = z.strictObject({
  n: count,
  min: num,
  q1: num,
  median: num,
  q3: num,
  max: num,
}) satisfies z.ZodType<Distribution>;

const spreadGroup = z.strictObject({
  key: text,
  distribution,
  points: z.array(z.strictObject({ machineId: id, seconds: num })),
}) satisfies z.ZodType<SpreadGroup>;

const workloadSpread = z.strictObject({
  workloadKey: text,
  size: text,
  backendKey: text,
  backendLabel: text,
  role: role.nullable(),
  byChipFamily: z.array(spreadGroup),
  byProductVersion: z.array(spreadGroup),
}) satisfies z.ZodType<WorkloadSpread>;

const machine = z.strictObject({
  machineId: id,
  chip: text,
  chipFamily: text,
  cores: num,
  memoryBytes: num,
  os: text,
  products: z.array(text),
  runs: count,
}) satisfies z.ZodType<TeamMachine>;

const winnerCount = z.strictObject({
  role,
  label: text,
  state,
  machines: count,
  machineIds: z.array(id),
}) satisfies z.ZodType<WinnerCount>;

const releaseChange = z.strictObject({
  kind: z.enum(['regression', 'improvement']),
  sure: z.enum(['most-machines', 'some-machines', 'one-machine']),
  provider: text,
  backendKey: text,
  backendLabel: text,
  workloadKey: text,
  size: text,
  fromVersion: text,
  toVersion: text,
  versionSource,
  machines: z.array(
    z.strictObject({
      machineId: id,
      ratio: num,
      low: num,
      high: num,
      beforeRunId: id,
      afterRunId: id,
    }),
  ),
  measuredBoth: count,
  medianRatio: num,
}) satisfies z.ZodType<ReleaseChange>;

const trends = z.strictObject({
  series: z.array(
    z.strictObject({
      provider: text,
      versionSource,
      backendKey: text,
      backendLabel: text,
      role: role.nullable(),
      workloadKey: text,
      size: text,
      versions: z.array(text),
      lines: z.array(
        z.strictObject({
          machineId: id,
          points: z.array(
            z.strictObject({
              version: text,
              seconds: num,
              low: num.nullable(),
              high: num.nullable(),
              runId: id,
              flag: z.enum(['regression', 'improvement']).nullable(),
            }),
          ),
        }),
      ),
      machinesLeftOut: count,
    }),
  ),
  leftOut: z.array(
    z.strictObject({
      provider: text,
      backendLabel: text,
      workloadKey: text,
      size: text,
      machines: count,
    }),
  ),
  leftOutCount: count,
}) satisfies z.ZodType<TeamTrends>;

const roleWinner = z.strictObject({ role, state, label: text }) satisfies z.ZodType<RoleWinner>;

const latestMachine = z.strictObject({
  machineId: id,
  chipFamily: text,
  provider: text.nullable(),
  roles: z.array(roleWinner),
}) satisfies z.ZodType<LatestMachine>;

const refusedFile = z.strictObject({ file: text, reason: text }) satisfies z.ZodType<TeamRefusedFile>;

export const savedViewSchema = z.strictObject({
  format: z.literal('mountbench-team-view'),
  /** The dataset folder (a real path) the view is of. */
  folder: text,
  fingerprint: z.string().regex(/^[0-9a-f]{64}$/),
  analysis: z.strictObject({
    runs: count,
    machines: z.array(machine),
    spreads: z.array(workloadSpread),
    winners: z.array(winnerCount),
    changes: z.array(releaseChange),
    trends,
  }),
  latest: z.array(latestMachine),
  refused: z.array(refusedFile),
});

export type SavedView = z.infer<typeof savedViewSchema>;

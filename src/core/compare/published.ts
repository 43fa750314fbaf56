// The published figures that ship with the app (resources/published-results.json), validated the
// same way as a file a colleague sends: the file is data edited by hand, and a typo in it must fail
// loudly with the field named, never turn into a wrong bar on a chart.
import { z } from 'zod';
import publishedJson from '../../../resources/published-results.json';
import { MountbenchError } from '../../shared/errors';
import { describeIssues } from '../../shared/describe-issue';
import { parsePublishedMount } from './published-mount';
import { findForbiddenKey } from '../../shared/json-limits';

export const PUBLISHED_SCHEMA_ID = 'published-results/1';

/** Names that would reach Object.prototype if a key were ever merged into a plain object. */
const FORBIDDEN_NAMES = new Set(['__proto__', 'constructor', 'prototype']);

const slug = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'expected lower-case letters, digits and "-"')
  .refine((s) => !FORBIDDEN_NAMES.has(s), 'is a reserved name');
const finite = z.number().finite();
const seconds = finite.nonnegative().max(1e7);
const text = (max: number) => z.string().min(1).max(max);

const machineSchema = z.strictObject({
  label: text(300),
  chip: text(200),
  arch: text(40),
});

const resultSchema = z
  .strictObject({
    machine: slug,
    /** The product as the write-up names it, version included ("Docker Desktop 4.25.2"). */
    engine: text(200),
    /** The VM type where the write-up says (`QEMU`, `VZ`). */
    vm: text(50).optional(),
    fileSharing: text(100),
    mount: text(100).refine((m) => parsePublishedMount(m) !== null, 'is not a mount Mountbench knows'),
    workload: slug,
    params: z
      .record(
        z
          .string()
          .regex(/^[A-Za-z][A-Za-z0-9]{0,63}$/)
          .refine((s) => !FORBIDDEN_NAMES.has(s), 'is a reserved name'),
        z.union([finite, text(200), z.boolean()]),
      )
      .optional(),
    /** Seconds (the default) or nanoseconds per operation. */
    unit: z.enum(['s', 'ns/op']).optional(),
    mean: finite.positive().max(1e12),
    stddev: seconds.optional(),
    min: seconds.optional(),
    max: seconds.optional(),
    runs: z.number().int().positive().max(100_000).optional(),
    user: seconds.optional(),
    system: seconds.optional(),
    /** Per-run times in seconds, where the write-up lists them. */
    samples: z.array(seconds).min(1).max(100_000).optional(),
    throughputMBps: finite.positive().max(1e7).optional(),
    samplesMBps: z.array(finite.positive().max(1e7)).min(1).max(100_000).optional(),
    note: text(2000).optional(),
  })
  .superRefine((r, ctx) => {
    if (r.samples && r.runs !== undefined && r.samples.length !== r.runs) {
      ctx.addIssue({
        code: 'custom',
        path: ['samples'],
        message: `has ${r.samples.length} values but runs is ${r.runs}`,
      });
    }
    if (r.min !== undefined && r.max !== undefined && !(r.min <= r.mean && r.mean <= r.max)) {
      ctx.addIssue({ code: 'custom', path: ['mean'], message: `lies outside min…max (${r.min}…${r.max})` });
    }
  });

const sourceSchema = z
  .strictObject({
    id: slug,
    title: text(500),
    /** Where the write-up's code or data lives. */
    code: z
      .url({ protocol: /^https$/ })
      .max(1000)
      .optional(),
    method: text(5000),
    machines: z.record(slug, machineSchema),
    results: z.array(resultSchema).min(1).max(10_000),
  })
  .superRefine((source, ctx) => {
    source.results.forEach((r, i) => {
      if (!Object.hasOwn(source.machines, r.machine)) {
        ctx.addIssue({
          code: 'custom',
          path: ['results', i, 'machine'],
          message: `names machine "${r.machine}", which the source does not list`,
        });
      }
    });
  });

const fileSchema = z
  .strictObject({
    schema: z.literal(PUBLISHED_SCHEMA_ID),
    about: text(5000),
    sources: z.array(sourceSchema).min(1).max(1000),
  })
  .superRefine((file, ctx) => {
    const seen = new Set<string>();
    file.sources.forEach((s, i) => {
      if (seen.has(s.id)) {
        ctx.addIssue({ code: 'custom', path: ['sources', i, 'id'], message: `repeats source id "${s.id}"` });
      }
      seen.add(s.id);
    });
  });

export type PublishedResults = z.infer<typeof fileSchema>;
export type PublishedSource = PublishedResults['sources'][number];
export type PublishedResult = PublishedSource['results'][number];
export type PublishedMachine = z.infer<typeof machineSchema>;

export function parsePublishedResults(raw: unknown, source: string): PublishedResults {
  const forbidden = findForbiddenKey(raw);
  if (forbidden !== null) {
    throw new MountbenchError(
      'FILE_INVALID',
      `${source} is not a valid published-results file: it contains the forbidden key ${forbidden}`,
    );
  }
  const parsed = fileSchema.safeParse(raw);
  if (!parsed.success) {
    throw new MountbenchError(
      'FILE_INVALID',
      `${source} is not a valid published-results file: ${describeIssues(parsed.error.issues)}`,
    );
  }
  return parsed.data;
}

let shipped: PublishedResults | undefined;

/** The figures bundled with this build; validated once, on first use. */
export function shippedPublishedResults(): PublishedResults {
  shipped ??= parsePublishedResults(publishedJson, 'resources/published-results.json');
  return shipped;
}

// The user's own profile: weights typed on the command line or in the dashboard. Every way a weight
// can be wrong is refused with a message naming the weight, so a typo never weighs nothing silently.
import { MountbenchError } from '../../shared/errors';
import type { Profile } from '../../shared/recommendation';
import { isKnownWorkloadKey, KNOWN_WORKLOAD_KEYS } from './workload-keys';

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

function bad(message: string): MountbenchError {
  return new MountbenchError('BAD_INPUT', message);
}

/** Checks weights given as data (from the dashboard or a file); returns a copy. */
export function validateWeights(weights: Readonly<Record<string, unknown>>): Record<string, number> {
  const out: Record<string, number> = {};
  const keys = Object.keys(weights);
  if (keys.length === 0) throw bad('custom weights are empty: give at least one, e.g. small-file-read=1');
  for (const key of keys) {
    if (!isKnownWorkloadKey(key)) {
      throw bad(`unknown workload "${key}" in custom weights; known: ${KNOWN_WORKLOAD_KEYS.join(', ')}`);
    }
    const value = weights[key];
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      throw bad(`weight of ${key} must be a finite number, got ${JSON.stringify(value) ?? String(value)}`);
    }
    if (value < 0) throw bad(`weight of ${key} must not be negative, got ${value}`);
    out[key] = value;
  }
  if (!Object.values(out).some((w) => w > 0)) {
    throw bad('custom weights are all zero: at least one workload needs a positive weight');
  }
  return out;
}

/** Parses `small-file-read=3,dd-write=1` (spaces allowed around the separators). */
export function parseWeights(text: string): Record<string, number> {
  if (text.trim() === '') {
    throw bad('custom weights are empty: write them as workload=weight, e.g. small-file-read=3,dd-write=1');
  }
  const parts = text.split(',').map((p) => p.trim());
  const weights: Record<string, number> = {};
  for (const part of parts) {
    if (part === '') throw bad(`empty entry in custom weights "${text}" (two commas in a row?)`);
    const eq = part.indexOf('=');
    if (eq < 0) throw bad(`"${part}" in custom weights has no "=": write workload=weight`);
    const key = part.slice(0, eq).trim();
    const valueText = part.slice(eq + 1).trim();
    if (key === '') throw bad(`"${part}" in custom weights has no workload before "="`);
    if (Object.hasOwn(weights, key)) throw bad(`workload ${key} is weighted twice in custom weights`);
    if (!NUMBER.test(valueText)) throw bad(`weight of ${key} must be a number, got "${valueText}"`);
    weights[key] = Number(valueText);
  }
  return validateWeights(weights);
}

export function customProfile(weights: Readonly<Record<string, unknown>>): Profile {
  const valid = validateWeights(weights);
  return {
    id: 'custom',
    label: 'Custom weights',
    description: Object.entries(valid)
      .map(([key, w]) => `${key}=${w}`)
      .join(', '),
    weights: valid,
    otherWorkloads: 0,
  };
}

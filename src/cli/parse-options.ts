// Turns command-line text into typed values, or a MountbenchError that lists what is valid.
import { MountbenchError } from '../shared/errors';

export function parseList<T extends string>(flag: string, value: string, valid: readonly T[]): T[] {
  const items = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (!items.length)
    throw new MountbenchError('BAD_INPUT', `${flag} needs at least one value; valid: ${valid.join(', ')}`);
  for (const item of items) {
    if (!(valid as readonly string[]).includes(item)) {
      throw new MountbenchError(
        'BAD_INPUT',
        `unknown ${flag.replace(/^--/, '')} "${item}"; valid: ${valid.join(', ')}`,
      );
    }
  }
  return [...new Set(items)] as T[];
}

export function parseCount(flag: string, value: string, options: { min: number; max: number }): number {
  if (!/^\d+$/.test(value.trim())) {
    throw new MountbenchError('BAD_INPUT', `${flag} must be a whole number, got "${value}"`);
  }
  const n = Number(value);
  if (n < options.min || n > options.max) {
    throw new MountbenchError(
      'BAD_INPUT',
      `${flag} must be between ${options.min} and ${options.max}, got ${n}`,
    );
  }
  return n;
}

/** "90s", "10m", "1h" or plain seconds, to whole seconds within [min, max]. */
export function parseDuration(flag: string, value: string, options: { min: number; max: number }): number {
  const match = /^(\d+(?:\.\d+)?)\s*(s|m|min|h)?$/.exec(value.trim());
  if (!match) {
    throw new MountbenchError('BAD_INPUT', `${flag} must be a duration like 90s, 10m or 1h, got "${value}"`);
  }
  const unit = match[2] ?? 's';
  const seconds = Math.round(Number(match[1]) * (unit === 'h' ? 3600 : unit === 's' ? 1 : 60));
  if (seconds < options.min || seconds > options.max) {
    throw new MountbenchError(
      'BAD_INPUT',
      `${flag} must be between ${options.min} s and ${options.max / 3600} h, got ${seconds} s`,
    );
  }
  return seconds;
}

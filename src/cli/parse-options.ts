// Turns command-line text into typed values, or a MountbenchError that lists what is valid.
import { MountbenchError } from '../shared/errors';

function splitList(value: string): string[] {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

export function parseList<T extends string>(flag: string, value: string, valid: readonly T[]): T[] {
  const items = splitList(value);
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

/** A flag that takes one value: a list is refused rather than cut to its first item. */
export function parseOne<T extends string>(flag: string, value: string, valid: readonly T[]): T {
  const items = parseList(flag, value, valid);
  if (items.length > 1)
    throw new MountbenchError(
      'BAD_INPUT',
      `${flag} takes one value, got ${items.length}: ${items.join(', ')}`,
    );
  return items[0];
}

/**
 * Seconds as a decimal number, bounded: Node's timers hold at most 2^31 - 1 ms (about 24.8 days)
 * and turn anything larger into 1 ms, so an unbounded value would make a long wait an instant one.
 */
export function parseSeconds(flag: string, value: string, options: { min: number; max: number }): number {
  const text = value.trim();
  if (!/^\d+(\.\d+)?$/.test(text)) {
    throw new MountbenchError('BAD_INPUT', `${flag} must be a number of seconds, got "${value}"`);
  }
  const n = Number(text);
  if (n < options.min || n > options.max) {
    throw new MountbenchError(
      'BAD_INPUT',
      `${flag} must be between ${options.min} and ${options.max} seconds, got ${text}`,
    );
  }
  return n;
}

/** A list of names checked later (variant ids): an empty one is refused rather than ignored. */
export function parseNames(flag: string, value: string): string[] {
  const items = splitList(value);
  if (!items.length) throw new MountbenchError('BAD_INPUT', `${flag} needs at least one name`);
  return [...new Set(items)];
}

// An answer given as it is to many calls at once (the History list while a listing is shared, see
// core-api.ts): frozen all the way down, so no caller can change what the others get, and marked,
// so a front door may serialise it once for all of them (serve's WebSocket, ws-reply-text.ts)
// instead of once per call: 6,400 calls waiting on one listing of 1,000 runs were 6,400 copies of
// the same megabyte, each built on serve's one thread.
const shared = new WeakSet<object>();

function freezeDeep(value: unknown): void {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const inner of Object.values(value)) freezeDeep(inner);
}

/** Freezes `value` deeply and marks it as an answer many calls share; returns it. */
export function shareAnswer<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  freezeDeep(value);
  shared.add(value);
  return value;
}

/** True for an answer shareAnswer() marked: frozen, so its serialisation never goes stale. */
export function isSharedAnswer(value: unknown): value is object {
  return typeof value === 'object' && value !== null && shared.has(value);
}

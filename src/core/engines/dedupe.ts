// Several names often reach one engine: the `default` context and Docker Desktop's known socket, or
// /var/run/docker.sock linking to it. One engine is listed once, under the most telling name.
import type { EngineCandidate } from './candidate';

export interface KeyedCandidate {
  candidate: EngineCandidate;
  /** Equal keys mean the same engine; undefined means never merge (entries that carry an error). */
  key: string | undefined;
}

// A named context says most about an engine, the implicit `default` context less, a bare socket least.
function rank(candidate: EngineCandidate): number {
  if (candidate.source === 'socket') return 2;
  return candidate.name === 'default' ? 1 : 0;
}

export function dedupeCandidates(keyed: KeyedCandidate[]): EngineCandidate[] {
  const groups = new Map<string, EngineCandidate[]>();
  const order: Array<string | EngineCandidate> = [];
  for (const { candidate, key } of keyed) {
    if (key === undefined) {
      order.push(candidate);
      continue;
    }
    const group = groups.get(key);
    if (group) group.push(candidate);
    else {
      groups.set(key, [candidate]);
      order.push(key);
    }
  }
  const kept = order.map((item) =>
    typeof item === 'string' ? pickOne(groups.get(item) as EngineCandidate[]) : item,
  );
  return renameClashes(kept);
}

function pickOne(group: EngineCandidate[]): EngineCandidate {
  const best = group.reduce((a, b) =>
    rank(b) < rank(a) || (rank(b) === rank(a) && b.current && !a.current) ? b : a,
  );
  return { ...best, current: group.some((c) => c.current) };
}

// A known socket may carry the name of a context that points somewhere else (a `colima` context
// aimed at a remote host while ~/.colima/default exists): keep both, with distinct names.
function renameClashes(candidates: EngineCandidate[]): EngineCandidate[] {
  const taken = new Set(candidates.filter((c) => c.source !== 'socket').map((c) => c.name));
  return candidates.map((candidate) => {
    if (candidate.source !== 'socket' || !taken.has(candidate.name)) {
      taken.add(candidate.name);
      return candidate;
    }
    let name = `${candidate.name}-socket`;
    for (let i = 2; taken.has(name); i += 1) name = `${candidate.name}-socket-${i}`;
    taken.add(name);
    return { ...candidate, name };
  });
}

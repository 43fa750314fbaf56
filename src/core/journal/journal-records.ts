// The journal's on-disk records: one JSON object a line, appended and fsynced one at a time, so a
// crash leaves at worst a truncated last line (ignored when read back).

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** Who restores a record: a provider id, or `docker-cli` for the user's current Docker context. */
export type JournalOwner = string;

/** A file as it was before anything changed, and where its bytes are kept. */
export interface FileOriginal {
  owner: JournalOwner;
  path: string;
  /** False: the file did not exist, and restoring means removing it. */
  existed: boolean;
  /** sha256 of the original bytes (empty when it did not exist). */
  sha256: string;
  /** Copy of the original bytes in the data folder (the backup the user can always fall back on). */
  backup: string | null;
  mode: number | null;
}

export type JournalRecord =
  | { type: 'begin'; id: string; startedAt: string; pid: number; purpose: string }
  | ({ type: 'file' } & FileOriginal)
  | { type: 'state'; owner: JournalOwner; key: string; value: JsonValue }
  | {
      type: 'step';
      n: number;
      pid: number;
      owner: JournalOwner;
      phase: 'apply' | 'restore';
      action: string;
      detail?: string;
    }
  | { type: 'restored'; owner: JournalOwner }
  | { type: 'end'; status: 'completed' | 'restored'; at: string };

/** What one owner recorded: what its restore() gets. */
export interface ProviderOriginals {
  files: FileOriginal[];
  /** First value recorded per key wins: a later record never overwrites an original. */
  state: Record<string, JsonValue>;
}

export function parseJournalText(text: string): JournalRecord[] {
  const records: JournalRecord[] = [];
  const lines = text.split('\n');
  lines.forEach((line, index) => {
    if (line.trim() === '') return;
    try {
      records.push(JSON.parse(line) as JournalRecord);
    } catch (err) {
      // Only the last line can be torn by a crash; anything else means the journal was tampered with.
      if (index < lines.length - 1 && lines.slice(index + 1).some((l) => l.trim() !== '')) throw err;
    }
  });
  return records;
}

export function originalsOf(records: readonly JournalRecord[], owner: JournalOwner): ProviderOriginals {
  const files: FileOriginal[] = [];
  const state: Record<string, JsonValue> = {};
  for (const r of records) {
    if (r.type === 'file' && r.owner === owner && !files.some((f) => f.path === r.path)) {
      const { type: _type, ...file } = r;
      files.push(file);
    }
    if (r.type === 'state' && r.owner === owner && !(r.key in state)) state[r.key] = r.value;
  }
  return { files, state };
}

/** Owners in the order they first recorded anything; restore runs in the reverse order. */
export function ownersOf(records: readonly JournalRecord[]): JournalOwner[] {
  const owners: JournalOwner[] = [];
  for (const r of records) {
    if ((r.type === 'file' || r.type === 'state') && !owners.includes(r.owner)) owners.push(r.owner);
  }
  return owners;
}

// Reads of a product's state (`limactl list --json`, `docker desktop status`, `rdctl api
// /v1/backend_state`), shared by the steps of one operation that ask within a moment of each other:
// a sweep's step asked `limactl list --json` six times before it changed anything, and every ask
// starts a process. An answer is kept until the operation runs a product command that is not a read
// (it may change the state: runProductCommand forgets them all, before and after it), and for
// STATE_READ_TTL_MS at most, so a change made outside Mountbench shows within that time. A wait's
// polls go through freshReads(ctx): each reads the product again, and the next step shares what it
// read.

/** How long a state read is shared: a flurry of steps, not a wait. */
export const STATE_READ_TTL_MS = 2_000;

interface StateRead<T> {
  at: number;
  answer: Promise<T>;
}

/** One operation's state reads (ProviderContext.stateReads), shared by the context's copies. */
export class StateReads {
  private readonly reads = new Map<string, StateRead<unknown>>();

  constructor(private readonly now: () => number = Date.now) {}

  /** The answer to `key`, asked again when none is kept, it is older than the TTL, or `fresh`. */
  read<T>(key: string, ask: () => Promise<T>, keep: (answer: T) => boolean, fresh: boolean): Promise<T> {
    const kept = this.reads.get(key) as StateRead<T> | undefined;
    if (!fresh && kept && this.now() - kept.at <= STATE_READ_TTL_MS) return kept.answer;
    const entry: StateRead<T> = { at: this.now(), answer: ask() };
    this.reads.set(key, entry as StateRead<unknown>);
    const forget = () => {
      if (this.reads.get(key) === entry) this.reads.delete(key);
    };
    entry.answer.then((answer) => (keep(answer) ? undefined : forget()), forget);
    return entry.answer;
  }

  /** Something may have changed the product: no kept read is trusted after this. */
  forgetAll(): void {
    this.reads.clear();
  }
}

/** Where an operation's state reads live, and whether this copy of the context reads afresh. */
export interface HasStateReads {
  stateReads?: StateReads;
  /** Set by freshReads: reads go to the product, and what they answer is kept for the next step. */
  freshStateReads?: boolean;
}

/** The context a wait polls with: every read goes to the product. */
export function freshReads<C extends HasStateReads>(ctx: C): C {
  return { ...ctx, freshStateReads: true };
}

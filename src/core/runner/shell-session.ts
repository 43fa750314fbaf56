// A long-lived shell driven line by line, for measurements that need the host in the loop
// (sync-latency): the runner sends a command, the shell answers, and every answer line is stamped
// with this process's monotonic clock the moment it arrives.

export interface StampedLine {
  line: string;
  /** performance.now() / 1000 when the line arrived. */
  at: number;
}

export interface ShellSession {
  send(line: string): void;
  /** The next line the shell prints; rejects after `timeoutMs` or when the shell ends. */
  nextLine(timeoutMs: number): Promise<StampedLine>;
  close(): Promise<void>;
}

/** Splits a byte stream into stamped lines and hands them out in order. */
export class LineQueue {
  private buffered = '';
  private lines: StampedLine[] = [];
  private waiters: { resolve: (l: StampedLine) => void; reject: (e: Error) => void }[] = [];
  private ended: Error | null = null;

  push(chunk: string): void {
    const at = performance.now() / 1000;
    this.buffered += chunk;
    let newline: number;
    while ((newline = this.buffered.indexOf('\n')) >= 0) {
      const line = { line: this.buffered.slice(0, newline), at };
      this.buffered = this.buffered.slice(newline + 1);
      const waiter = this.waiters.shift();
      if (waiter) waiter.resolve(line);
      else this.lines.push(line);
    }
  }

  end(reason: Error): void {
    this.ended = reason;
    for (const waiter of this.waiters.splice(0)) waiter.reject(reason);
  }

  next(timeoutMs: number): Promise<StampedLine> {
    const ready = this.lines.shift();
    if (ready) return Promise.resolve(ready);
    if (this.ended) return Promise.reject(this.ended);
    return new Promise((resolve, reject) => {
      const waiter = {
        resolve: (l: StampedLine) => {
          clearTimeout(timer);
          resolve(l);
        },
        reject: (e: Error) => {
          clearTimeout(timer);
          reject(e);
        },
      };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        reject(new Error(`no answer within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiters.push(waiter);
    });
  }
}

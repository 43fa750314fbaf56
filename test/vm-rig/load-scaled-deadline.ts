// A wait's budget spent at the pace the machine allows. The rig's guest is emulated (TCG): on a
// machine whose load is twice its cores it gets about half the CPU it would alone, and a boot
// that took 56-104 s on a quiet 2-core machine took 318 s at load 16. A fixed deadline turns a
// busy machine into a red suite; this one counts a second of wall time as
// min(1, cores / load) seconds of budget, so a busy machine makes the wait longer, and only a
// guest that makes no headway for the whole budget at full pace fails it.
import { availableParallelism, loadavg } from 'node:os';

export class LoadScaledDeadline {
  private spentMs = 0;
  private last = Date.now();
  private readonly started = Date.now();

  constructor(
    private readonly budgetMs: number,
    private readonly load: () => number = () => loadavg()[0],
    private readonly cores: number = availableParallelism(),
  ) {}

  /** Counts the time since the last call at the pace the load allowed; true once the budget is spent. */
  expired(): boolean {
    const now = Date.now();
    const pace = Math.min(1, this.cores / Math.max(this.load(), 1e-3));
    this.spentMs += (now - this.last) * pace;
    this.last = now;
    return this.spentMs >= this.budgetMs;
  }

  /** For a failure's message: the budget, and the wall time it took at this machine's load. */
  describe(): string {
    const wall = Math.round((Date.now() - this.started) / 1000);
    return `${Math.round(this.budgetMs / 1000)} s at full pace (${wall} s of wall time at this machine's load)`;
  }
}

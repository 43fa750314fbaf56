// Says why flows were skipped, at the end of the run: the list reporter only marks them "-", and a
// skipped flow (no Electron binary, no way to hide the system socket) must never pass for a run one.
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

export default class SkipReasonsReporter implements Reporter {
  private readonly reasons = new Map<string, string[]>();

  printsToStdio(): boolean {
    return true;
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status !== 'skipped') return;
    const reason =
      [...result.annotations, ...test.annotations].find((a) => a.type === 'skip')?.description ||
      'no reason given';
    const project = test.parent.project()?.name ?? '?';
    const list = this.reasons.get(reason) ?? [];
    list.push(`[${project}] ${test.title}`);
    this.reasons.set(reason, list);
  }

  onEnd(): void {
    if (this.reasons.size === 0) return;
    const lines = ['', 'Skipped, with the reason:'];
    for (const [reason, tests] of this.reasons) {
      lines.push(`  ${reason} (${tests.length}):`, ...tests.map((t) => `    - ${t}`));
    }
    process.stdout.write(`${lines.join('\n')}\n`);
  }
}

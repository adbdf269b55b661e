import type { FullResult, Reporter, TestCase } from '@playwright/test/reporter';

/**
 * Lists, at the end of a run, every journey that passed only on its retry (CI retries a failed journey once, so
 * that one flake does not sink a run). Each one named here is a defect to fix, not a pass to forget.
 */
export default class RetryReporter implements Reporter {
  private readonly flaky: TestCase[] = [];

  onTestEnd(test: TestCase): void {
    if (test.outcome() === 'flaky' && !this.flaky.includes(test)) this.flaky.push(test);
  }

  onEnd(_result: FullResult): void {
    if (this.flaky.length === 0) return;
    const lines = this.flaky.map(
      (t) =>
        `  - ${t.location.file.split('/e2e/')[1] ?? t.location.file}: ${t.titlePath().slice(3).join(' › ')}`,
    );
    process.stdout.write(
      `\nJourneys that passed only on their retry (${this.flaky.length}), fix them:\n${lines.join('\n')}\n`,
    );
  }
}

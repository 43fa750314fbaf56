// The contract every workload fulfils. A workload is data plus shell text: the runner decides where
// it runs (container or host), lays the fixture, and times the script — so adding a workload never
// touches the runner.
import type { SizeName, WorkloadId } from '../../../shared/ids';
import type { Stats } from '../../../shared/result-schema';
import type { FixtureSpec } from '../fixtures/fixture-spec';

export type WorkloadParams = Record<string, number | string | boolean>;

export interface Workload<P extends WorkloadParams = WorkloadParams> {
  id: WorkloadId;
  title: string;
  /** One sentence for the UI and the methodology page. */
  description: string;
  sizes: Record<SizeName, P>;
  /** Laid once in the workload folder before warm-up; null: the folder starts empty. */
  fixture(params: P): FixtureSpec | null;
  /**
   * The timed part: POSIX `sh` run with the workload folder as the working directory, using only
   * commands BusyBox and macOS both have. Its stdout is discarded; a non-zero exit fails the sample.
   */
  script(params: P): string;
  /** Untimed, once after the fixture is laid: proves the workload will see what it should. */
  verifyScript?(params: P): string;
  /** Untimed, before every sample (e.g. drop the previous run's output). */
  resetScript?(params: P): string;
  /** Figures derived from the timing, such as MB/s. */
  derive(params: P, stats: Stats): Record<string, number>;
}

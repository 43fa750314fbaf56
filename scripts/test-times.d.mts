// Types for scripts/test-times.mjs (plain JavaScript, so CI can run it with node alone).
export type Suite = 'unit' | 'integration' | 'vm' | 'playwright';
export interface FileTime {
  suite: Suite;
  file: string;
  seconds: number;
  tests: number;
}
export interface SuiteTimes {
  suite: Suite;
  wallSeconds: number;
  files: FileTime[];
}
export function vitestSuiteOf(file: string): Suite;
export function vitestFileTimes(report: unknown, root?: string): SuiteTimes[];
export function playwrightFileTimes(report: unknown): SuiteTimes;
export function slowest(suite: SuiteTimes, count?: number): FileTime[];
export function formatTimes(suites: SuiteTimes[], count?: number): string;
export function formatTimesMarkdown(suites: SuiteTimes[], count?: number): string;
export function fileSecondsTable(suites: SuiteTimes[]): { files: Record<string, number> };

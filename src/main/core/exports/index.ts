// Every way a run leaves the app, behind one name per format.
import type { RunFile } from '../../../shared/result-schema';
import { runCsv } from './csv';
import { hyperfineJson } from './hyperfine-json';
import { runMarkdown } from './markdown';
import { runFileJson } from './run-json';

export const EXPORT_FORMATS = ['json', 'hyperfine', 'csv', 'markdown'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export function exportRun(run: RunFile, format: ExportFormat): string {
  switch (format) {
    case 'json':
      return runFileJson(run);
    case 'hyperfine':
      return hyperfineJson(run);
    case 'csv':
      return runCsv(run);
    case 'markdown':
      return runMarkdown(run);
  }
}

export { runCsv } from './csv';
export {
  hyperfineCommand,
  hyperfineExport,
  hyperfineJson,
  type HyperfineExport,
  type HyperfineResult,
} from './hyperfine-json';
export { runMarkdown } from './markdown';
export { runFileJson } from './run-json';

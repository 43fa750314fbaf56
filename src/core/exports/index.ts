// Every way a run leaves the app, behind one name per format.
import type { ExportFormat } from '../../shared/api';
import type { RunFile } from '../../shared/result-schema';
import { runCsv } from './csv';
import { hyperfineJson } from './hyperfine-json';
import { runMarkdown } from './markdown';
import { runFileJson } from '../store/run-json';

export { EXPORT_FORMATS, type ExportFormat } from '../../shared/api';

/** File name ending and media type of each format, for downloads and save dialogs. */
export const EXPORT_FILES: Record<ExportFormat, { suffix: string; mimeType: string }> = {
  json: { suffix: '.json', mimeType: 'application/json' },
  hyperfine: { suffix: '.hyperfine.json', mimeType: 'application/json' },
  csv: { suffix: '.csv', mimeType: 'text/csv' },
  markdown: { suffix: '.md', mimeType: 'text/markdown' },
};

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
export { runFileJson } from '../store/run-json';

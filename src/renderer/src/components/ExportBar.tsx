// Export and share: PNG of the chart or of the whole results view, the same picture on the
// clipboard, and the core's Markdown, CSV, JSON and hyperfine JSON files.
import { useState, type RefObject } from 'react';
import type { ExportFormat } from '../../../shared/api';
import { downloadBlob, downloadText, imageFileName } from '../lib/download';
import { errorMessage } from '../lib/error-message';
import { clipboardImageProblem, copyPicture, pageBackground, pictureOf } from '../lib/image-export';
import { useStores } from '../stores/StoresContext';

const FILES: { format: ExportFormat; label: string }[] = [
  { format: 'markdown', label: 'Markdown table' },
  { format: 'csv', label: 'CSV' },
  { format: 'json', label: 'JSON' },
  { format: 'hyperfine', label: 'hyperfine JSON' },
];

interface Props {
  runId: string;
  chart: RefObject<HTMLElement | null>;
  view: RefObject<HTMLElement | null>;
}

export function ExportBar({ runId, chart, view }: Props) {
  const { api } = useStores();
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);

  const attempt = async (what: string, work: () => Promise<string>) => {
    setStatus({ ok: true, text: `${what}…` });
    try {
      setStatus({ ok: true, text: await work() });
    } catch (err) {
      setStatus({ ok: false, text: `${what} failed: ${errorMessage(err)}` });
    }
  };

  const picture = async (ref: RefObject<HTMLElement | null>) => {
    if (!ref.current) throw new Error('there is nothing to draw yet');
    return pictureOf(ref.current, { backgroundColor: pageBackground() });
  };

  const savePng = (ref: RefObject<HTMLElement | null>, what: 'chart' | 'results') =>
    attempt(`Saving the ${what} as PNG`, async () => {
      const name = imageFileName(runId, what);
      downloadBlob(name, await picture(ref));
      return `Saved ${name}.`;
    });

  const copyImage = () =>
    attempt('Copying the results picture', async () => {
      const problem = clipboardImageProblem();
      if (problem) throw new Error(problem);
      await copyPicture(await picture(view));
      return 'The results picture is on the clipboard.';
    });

  const saveFile = (format: ExportFormat) =>
    attempt(`Exporting ${format}`, async () => {
      const file = await api.results.export(runId, format);
      downloadText(file.fileName, file.mimeType, file.text);
      return `Saved ${file.fileName}.`;
    });

  return (
    <div className="export-bar" role="group" aria-label="Export and share" data-no-export="true">
      <button type="button" onClick={() => void savePng(chart, 'chart')} data-testid="export-png-chart">
        Chart as PNG
      </button>
      <button type="button" onClick={() => void savePng(view, 'results')} data-testid="export-png-view">
        Results as PNG
      </button>
      <button type="button" onClick={() => void copyImage()} data-testid="export-copy-image">
        Copy image
      </button>
      {FILES.map((f) => (
        <button
          key={f.format}
          type="button"
          onClick={() => void saveFile(f.format)}
          data-testid={`export-${f.format}`}
        >
          {f.label}
        </button>
      ))}
      <span className={status?.ok === false ? 'problem' : 'note'} role="status" data-testid="export-status">
        {status?.text}
      </span>
    </div>
  );
}

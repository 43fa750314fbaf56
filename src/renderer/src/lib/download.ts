// Saving what the dashboard made (an export's text, a PNG) as a file: a Blob behind an object URL,
// clicked through a temporary link. Works the same in Electron and in a browser.
export function downloadBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the URL is not needed after this turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function downloadText(fileName: string, mimeType: string, text: string): void {
  downloadBlob(fileName, new Blob([text], { type: mimeType }));
}

/**
 * `mountbench-<run>-chart.png` for a run, `mountbench-comparison-2026-12-01-card.png` for a
 * comparison (which has no run id: it is named by the day it was made): names that sort with the
 * run's other exports and never repeat a word.
 */
export function imageFileName(
  runId: string | null,
  what: 'chart' | 'results' | 'card' | 'full',
  today: string = new Date().toISOString().slice(0, 10),
): string {
  return runId ? `mountbench-${runId}-${what}.png` : `mountbench-comparison-${today}-${what}.png`;
}

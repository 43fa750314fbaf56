// Aligned plain-text tables for the benchmarks' output; numbers are right-aligned so they line up.

export type Align = 'left' | 'right';

export function textTable(headers: string[], rows: string[][], align: Align[] = []): string {
  const all = [headers, ...rows];
  const widths = headers.map((_, col) => Math.max(...all.map((row) => [...(row[col] ?? '')].length)));
  const line = (row: string[]) =>
    row
      .map((cell, col) => {
        const gap = ' '.repeat(widths[col] - [...cell].length);
        return align[col] === 'right' ? gap + cell : cell + gap;
      })
      .join('  ')
      .trimEnd();
  return [line(headers), widths.map((w) => '─'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

/** Seconds in ms with a precision that suits benchmark medians (0.1 ms under 10 s). */
export function ms(seconds: number): string {
  return `${(seconds * 1e3).toFixed(1)} ms`;
}

export function percent(fraction: number, digits = 1): string {
  return `${(fraction * 100).toFixed(digits)} %`;
}

export function signedPercent(fraction: number, digits = 1): string {
  const value = (fraction * 100).toFixed(digits);
  return `${fraction >= 0 ? '+' : ''}${value} %`;
}

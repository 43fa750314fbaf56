// Readers for what the exports download, written here rather than borrowed from the code that
// writes them, so a flow checks the files against the formats themselves: RFC 4180 CSV, a Markdown
// (GFM) table, and a PNG's signature and IHDR chunk.

/**
 * RFC 4180: records end with CRLF (the last one may not), fields are separated by commas, a field
 * holding a comma, a quote or a line break is quoted, and a quote inside is doubled. Throws on
 * anything else (a bare LF, a stray quote, an unterminated field).
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let i = 0;
  const fail = (why: string) => {
    throw new Error(`not RFC 4180 CSV at character ${i}: ${why}`);
  };
  while (i < text.length) {
    let field = '';
    if (text[i] === '"') {
      i++;
      for (;;) {
        if (i >= text.length) fail('a quoted field is not closed');
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        field += text[i++];
      }
    } else {
      while (i < text.length && text[i] !== ',' && text[i] !== '\r' && text[i] !== '\n') {
        if (text[i] === '"') fail('a quote inside an unquoted field');
        field += text[i++];
      }
    }
    record.push(field);
    if (i >= text.length) break;
    if (text[i] === ',') {
      i++;
      continue;
    }
    if (text[i] === '\r' && text[i + 1] === '\n') {
      records.push(record);
      record = [];
      i += 2;
      continue;
    }
    fail(
      text[i] === '\n' ? 'a bare LF ends a record (CRLF expected)' : `unexpected ${JSON.stringify(text[i])}`,
    );
  }
  if (record.length) records.push(record);
  const width = records[0]?.length ?? 0;
  records.forEach((r, n) => {
    if (r.length !== width)
      throw new Error(`CSV record ${n + 1} has ${r.length} fields; the header has ${width}`);
  });
  return records;
}

/** The CSV as objects keyed by the header row. */
export function csvObjects(text: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text);
  return rows.map((row) => Object.fromEntries(header.map((name, i) => [name, row[i]])));
}

/** A Markdown table row's cells; `\|` is a pipe inside a cell, not a separator. */
export function markdownCells(line: string): string[] {
  const inner = line.trim().replace(/^\|/, '').replace(/\|$/, '');
  return inner.split(/(?<!\\)\|/).map((cell) => cell.trim().replace(/\\\|/g, '|'));
}

export interface MarkdownTable {
  header: string[];
  rows: string[][];
}

/**
 * The first GFM table of a Markdown text: a header row, a delimiter row (`| --- | ---: |`) with as
 * many cells, then rows of the same width.
 */
export function markdownTable(text: string): MarkdownTable {
  const lines = text.split('\n');
  const start = lines.findIndex(
    (line, n) => line.startsWith('|') && /^\|(\s*:?-{3,}:?\s*\|)+\s*$/.test(lines[n + 1] ?? ''),
  );
  if (start < 0) throw new Error('no Markdown table (a header row followed by a delimiter row)');
  const header = markdownCells(lines[start]);
  if (markdownCells(lines[start + 1]).length !== header.length)
    throw new Error('the delimiter row does not match the header');
  const rows: string[][] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    const cells = markdownCells(line);
    if (cells.length !== header.length)
      throw new Error(`a table row has ${cells.length} cells, not ${header.length}: ${line}`);
    rows.push(cells);
  }
  return { header, rows };
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height from a PNG's IHDR chunk, which must come first, right after the signature. */
export function pngSize(bytes: Buffer): { width: number; height: number } {
  if (bytes.length < 33 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE))
    throw new Error('not a PNG: bad signature');
  if (bytes.readUInt32BE(8) !== 13 || bytes.toString('latin1', 12, 16) !== 'IHDR') {
    throw new Error('not a PNG: the first chunk is not a 13-byte IHDR');
  }
  if (bytes.toString('latin1', bytes.length - 8, bytes.length - 4) !== 'IEND')
    throw new Error('a PNG without its IEND chunk');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

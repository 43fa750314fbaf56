// For tests: reads CSV back with no help from the writer, so a quoting slip in the writer shows.

/** A strict RFC 4180 reader, independent of the writer: CRLF records, quoted fields, doubled quotes. */
export function readCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let fieldText = '';
  let i = 0;
  let quoted = false;
  while (i < text.length) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        fieldText += '"';
        i += 2;
      } else if (ch === '"') {
        quoted = false;
        i += 1;
      } else {
        fieldText += ch;
        i += 1;
      }
    } else if (ch === '"' && fieldText === '') {
      quoted = true;
      i += 1;
    } else if (ch === ',') {
      record.push(fieldText);
      fieldText = '';
      i += 1;
    } else if (ch === '\r' && text[i + 1] === '\n') {
      record.push(fieldText);
      records.push(record);
      record = [];
      fieldText = '';
      i += 2;
    } else if (ch === '\n' || ch === '\r' || ch === '"') {
      throw new Error(`bare ${JSON.stringify(ch)} at ${i}: not RFC 4180`);
    } else {
      fieldText += ch;
      i += 1;
    }
  }
  if (quoted) throw new Error('unterminated quoted field');
  if (fieldText !== '' || record.length) throw new Error('last record lacks its CRLF');
  return records;
}

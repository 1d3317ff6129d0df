// CSV text to rows, shared by the generic CSV parser and the tests that read exported files.

/**
 * Parses CSV text into rows of fields: quoted fields (with commas, newlines, doubled quotes), CRLF,
 * BOM. Blank rows are dropped unless `keepBlankRows` (a report file's blank line between sections).
 */
export function parseCsv(input: string, { keepBlankRows = false } = {}): string[][] {
  const text = input.replace(/^\uFEFF/, '');
  const firstLine = text.split(/\r?\n/).find((l) => l.trim() !== '') ?? '';
  const delim = !firstLine.includes(',') && firstLine.includes(';') ? ';' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  const endRow = () => {
    row.push(field);
    field = '';
    if (keepBlankRows || row.some((f) => f.trim() !== '')) rows.push(row);
    row = [];
  };
  while (i < text.length) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else {
        field += c;
      }
      i += 1;
      continue;
    }
    if (c === '"' && field.trim() === '') {
      field = '';
      quoted = true;
    } else if (c === delim) {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      endRow();
      i += 1;
    } else if (c === '\n' || c === '\r') {
      endRow();
    } else {
      field += c;
    }
    i += 1;
  }
  if (field !== '' || row.length) endRow();
  return rows;
}

/**
 * CSV as RFC 4180 writes it, the one writer for the census rows (census/row.ts: `census show --csv`, the
 * atlas's rows.csv) and the explorer's table download (web/app.js, to which the server hands this compiled
 * file as /csv.js). Lines end with \n, as the project's other text files do. It imports nothing, so the
 * browser can load it as it is.
 */

/** One cell: quoted when it holds a comma, a quote or a line break (a quote inside doubled); null and undefined are empty. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const s = String(value);
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** One line of cells, without its line break. */
export function csvLine(cells: readonly unknown[]): string {
  return cells.map(csvCell).join(',');
}

/**
 * RFC 4180 CSV: a field holding a comma, a quote, CR or LF is quoted, quotes doubled; lines end
 * with CRLF. A field a spreadsheet would run as a formula (leading =, +, -, @, tab or CR) is
 * prefixed with a single quote (OWASP CSV injection): only free text (a merchant reference) can
 * start so; amounts, ids and addresses never do.
 */
export function csvField(value: string | null): string {
  if (value === null) return '';
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvLine(fields: readonly (string | null)[]): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}

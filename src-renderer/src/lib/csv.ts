// CSV export of the order and account tables (RFC 4180: CRLF rows, fields quoted when they hold a comma, quote or
// line break). Money stays the exact decimal text it arrived as. A field starting with = + - @ is prefixed with
// a quote so a spreadsheet never runs it as a formula (values here are ours, but symbols and txids come from
// the venue).
// The header row is machine-readable keys (the venue's field names: time, symbol, orderId...), fixed English in every
// language of the window and never translated, so a spreadsheet or a script reads every export alike. Values are as
// machine-readable: the venue's names (BUY, FILLED) or fixed English codes (long, cross, maker), not the table's words.
export type CsvValue = string | number | boolean | null | undefined
export interface CsvColumn<T> {
  /** A fixed English key, never a catalog word (see above). */
  header: string
  value: (row: T) => CsvValue
}

/** Keys of `T` whose values export as they are. */
type PlainKey<T> = { [K in keyof T]-?: T[K] extends CsvValue ? K : never }[keyof T] & string
/** Columns named for the row's fields, each the field's text as sent. */
export const fields = <T>(...keys: PlainKey<T>[]): CsvColumn<T>[] =>
  keys.map((k) => ({ header: k, value: (row: T) => row[k] as CsvValue }))

function field(v: CsvValue): string {
  let s = v === null || v === undefined ? '' : String(v)
  if (/^[=+\-@]/.test(s) && !/^-?\d+(\.\d+)?$/.test(s)) s = `'${s}`
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s
}

export function toCsv<T>(rows: readonly T[], columns: readonly CsvColumn<T>[]): string {
  // The header keys as they are: machine-readable, the same in every language.
  const lines = [columns.map((c) => field(c.header)).join(',')]
  for (const r of rows) lines.push(columns.map((c) => field(c.value(r))).join(','))
  return `${lines.join('\r\n')}\r\n`
}

/** ISO time for exports (sortable, unambiguous across locales). */
export const isoTime = (ms: number | null | undefined): string => (ms ? new Date(ms).toISOString() : '')

/** Saves text as a file through a download link (works in Electron and in a browser tab alike). */
export function downloadCsv(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }))
  const a = document.createElement('a')
  a.href = url
  a.download = name
  a.style.display = 'none'
  document.body.append(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}

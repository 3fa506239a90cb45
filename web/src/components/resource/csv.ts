/**
 * The little CSV the import screen needs on the client: a template to download and a preview of a
 * file's first rows. The server parses the real thing (csv-parse); this side never reads a whole file.
 */

const BOM = '\uFEFF'

/** One CSV line: cells with a comma, quote or line break are quoted, quotes doubled (RFC 4180). */
export const csvLine = (cells: readonly string[]): string =>
  cells.map((cell) => (/[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell)).join(',')

export interface ImportColumn {
  /** The input field's wire name, the header of its column: `title`, `tag_ids`. */
  name: string
  /** A value for the template's example row; many-valued fields separate values with `|`. */
  example: string
}

/** The template of an import: a BOM (so spreadsheets read UTF-8), the header row, one example row. */
export const templateCsv = (columns: readonly ImportColumn[]): string =>
  `${BOM}${csvLine(columns.map((column) => column.name))}\r\n${csvLine(columns.map((column) => column.example))}\r\n`

/**
 * The rows of the beginning of a CSV file, at most `limit`. When the text is only the file's beginning
 * (`whole` false), its last line may be cut short, so it is left out.
 */
export function previewRows(text: string, limit: number, whole: boolean): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  const source = text.startsWith(BOM) ? text.slice(1) : text
  const endRow = () => {
    row.push(cell)
    if (row.length > 1 || row[0] !== '') rows.push(row)
    row = []
    cell = ''
  }
  for (let i = 0; i < source.length && rows.length <= limit; i++) {
    const char = source[i]
    if (quoted) {
      if (char === '"' && source[i + 1] === '"') {
        cell += '"'
        i++
      } else if (char === '"') quoted = false
      else cell += char
    } else if (char === '"') quoted = true
    else if (char === ',') {
      row.push(cell)
      cell = ''
    } else if (char === '\n') endRow()
    else if (char !== '\r') cell += char
  }
  if (whole && (cell !== '' || row.length > 0)) endRow()
  return rows.slice(0, limit)
}

export interface RowError {
  /** The data row, from 1 (the header not counted). */
  row: number
  /** camelCase field. */
  field: string
  message: string
}

/** A failed import's `rows.<n>.<field>` errors, by row and field; other fields' errors are left to the caller. */
export function rowErrors(fieldErrors: Record<string, string>): RowError[] {
  return Object.entries(fieldErrors)
    .flatMap(([key, message]) => {
      const match = /^rows\.(\d+)\.(.+)$/.exec(key)
      return match ? [{ row: Number(match[1]), field: match[2] as string, message }] : []
    })
    .sort((a, b) => a.row - b.row || a.field.localeCompare(b.field))
}

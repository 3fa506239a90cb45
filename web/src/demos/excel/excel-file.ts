import { saveFile } from '../shared/save-file.ts'

export type BookType = 'xlsx' | 'csv'
type Cell = string | number

export interface SheetExport {
  /** Header rows, top first; a merged header names a cell once and leaves the cells it covers empty. */
  header: Cell[][]
  rows: Cell[][]
  /** Ranges to merge in the header, as Excel writes them ("A1:A2"); xlsx only. */
  merges?: string[]
  fileName: string
  bookType: BookType
  /** Widen each column to its longest cell (the template's "auto width"). */
  autoWidth: boolean
}

/** Excel counts width in characters; CJK characters take two. */
const cellWidth = (cell: Cell) =>
  [...String(cell)].reduce((sum, char) => sum + (char.charCodeAt(0) > 255 ? 2 : 1), 0)

const csvCell = (cell: Cell) => {
  const text = String(cell)
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/**
 * Writes the rows to a file and downloads it. exceljs is loaded here, on first use, so only the Excel
 * pages pay for it. CSV is written directly (with a byte-order mark so Excel reads Chinese as UTF-8).
 */
export async function exportSheet(sheet: SheetExport): Promise<void> {
  const all = [...sheet.header, ...sheet.rows]
  const name = `${sheet.fileName.trim() || 'tags'}.${sheet.bookType}`
  if (sheet.bookType === 'csv') {
    const text = all.map((row) => row.map(csvCell).join(',')).join('\r\n')
    saveFile(new Blob([`\uFEFF${text}`], { type: 'text/csv;charset=utf-8' }), name)
    return
  }
  const { default: ExcelJS } = await import('exceljs')
  const book = new ExcelJS.Workbook()
  const worksheet = book.addWorksheet('Sheet1')
  worksheet.addRows(all)
  for (const range of sheet.merges ?? []) worksheet.mergeCells(range)
  sheet.header.forEach((_, index) => {
    worksheet.getRow(index + 1).font = { bold: true }
  })
  if (sheet.autoWidth) {
    const columns = Math.max(...all.map((row) => row.length))
    for (let index = 1; index <= columns; index++) {
      const widest = Math.max(...all.map((row) => cellWidth(row[index - 1] ?? '')))
      worksheet.getColumn(index).width = Math.max(10, widest + 2)
    }
  }
  const buffer = await book.xlsx.writeBuffer()
  saveFile(
    new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
    name,
  )
}

/** The first sheet of an .xlsx file as rows of text; the first row is the header. */
export async function readSheet(file: Blob): Promise<string[][]> {
  const { default: ExcelJS } = await import('exceljs')
  const book = new ExcelJS.Workbook()
  await book.xlsx.load(await file.arrayBuffer())
  const worksheet = book.worksheets[0]
  const rows: string[][] = []
  worksheet?.eachRow({ includeEmpty: false }, (row) => {
    const values: string[] = []
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      values[column - 1] = cell.text
    })
    rows.push(Array.from(values, (value) => value ?? ''))
  })
  return rows
}

import { type FieldLabels, type FigureLanguage, fieldLabel } from '@vod/contract'
import { stringify } from 'csv-stringify/sync'

/**
 * A CSV export's header row: the columns' wire names, or, when the download names a language (`lang`, which
 * the web sends as its own), the labels the screens give them in it, read from the contract as the web reads
 * them. Two columns of one label, an id beside the name it stands for (`source_id` and `source_name`, both
 * "来源" on screen), are told apart by " ID" after the id's.
 */
export function csvHeader(
  fields: readonly string[],
  language: FigureLanguage | undefined,
  own?: FieldLabels,
): string[] {
  if (!language) return [...fields]
  const labels = fields.map((field) => fieldLabel(field, language, own))
  return labels.map((label, index) => {
    const alike = labels.filter((other) => other === label).length > 1
    return alike && fields[index]?.endsWith('_id') ? `${label} ID` : label
  })
}

/** The header as the CSV's first line, quoted where CSV needs it ("Trailer views (subscribers)" needs none). */
export const headerLine = (header: readonly string[]): string => stringify([header])

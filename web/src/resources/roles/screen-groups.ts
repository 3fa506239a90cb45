import { registeredResource } from '../../components/resource/registry.ts'

/**
 * The permission groups of the catalogue that are no resource of the menu but have screens of their own, or
 * that forms need (uploads, the photo library): the dashboard, the analytics screens under
 * /analytics/daily, the article demos.
 */
export const screenGroups: ReadonlySet<string> = new Set([
  'dashboard',
  'articles',
  'files',
  'photos',
  'daily-revenue',
  'daily-channel',
  'daily-campaign',
  'daily-data',
  'daily-subscriber-source',
  'daily-refund-statistics',
])

/** Whether a catalogue group has screens to offer: a registered resource, or one of `screenGroups`. */
export const hasScreens = (group: string) =>
  screenGroups.has(group) || registeredResource(group) !== undefined

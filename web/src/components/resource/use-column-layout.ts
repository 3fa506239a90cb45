import { savedViewDensities } from '@vod/contract/resources/saved-views'
import { useState } from 'react'
import { useSession } from '../../stores/session.ts'
import { type ColumnLayout, defaultLayout } from './column-layout.ts'

const key = (owner: string, list: string) => `columns:${owner}:${list}`

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []

/** The stored layout; an older browser's is the list of hidden keys alone. */
function stored(owner: string | undefined, list: string): ColumnLayout | null {
  if (!owner) return null
  try {
    const value = JSON.parse(localStorage.getItem(key(owner, list)) ?? 'null') as unknown
    if (Array.isArray(value)) return defaultLayout(strings(value))
    if (!value || typeof value !== 'object') return null
    const given = value as Record<string, unknown>
    const widths = Object.entries((given.widths ?? {}) as Record<string, unknown>).filter(
      (entry): entry is [string, number] => typeof entry[1] === 'number',
    )
    return {
      hidden: strings(given.hidden),
      order: strings(given.order),
      widths: Object.fromEntries(widths),
      density: savedViewDensities.find((density) => density === given.density) ?? 'default',
    }
  } catch {
    return null
  }
}

/**
 * A list's column layout (column-layout.ts), kept per admin and list in this browser (localStorage): a wide
 * list starts with its declared `hidden` columns out of sight, and each admin chooses for themselves.
 */
export function useColumnLayout(list: string, hiddenByDefault: readonly string[]) {
  const owner = useSession((state) => state.profile?.username)
  const [layout, setLayout] = useState<ColumnLayout>(
    () => stored(owner, list) ?? defaultLayout(hiddenByDefault),
  )
  const change = (next: ColumnLayout) => {
    setLayout(next)
    if (!owner) return
    try {
      localStorage.setItem(key(owner, list), JSON.stringify(next))
    } catch {
      // A full or blocked storage: the choice lasts for this visit only.
    }
  }
  return [layout, change] as const
}

import { useState } from 'react'
import { useSession } from '../../stores/session.ts'

const key = (owner: string, list: string) => `columns:${owner}:${list}`

function stored(owner: string | undefined, list: string): string[] | null {
  if (!owner) return null
  try {
    const value = JSON.parse(localStorage.getItem(key(owner, list)) ?? 'null') as unknown
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : null
  } catch {
    return null
  }
}

/**
 * Which of a list's columns are hidden, kept per admin and list in this browser (localStorage): a wide list
 * starts with its declared `hidden` columns out of sight, and each admin chooses for themselves.
 */
export function useHiddenColumns(list: string, hiddenByDefault: readonly string[]) {
  const owner = useSession((state) => state.profile?.username)
  const [hidden, setHidden] = useState<string[]>(() => stored(owner, list) ?? [...hiddenByDefault])
  const change = (next: string[]) => {
    setHidden(next)
    if (!owner) return
    try {
      localStorage.setItem(key(owner, list), JSON.stringify(next))
    } catch {
      // A full or blocked storage: the choice lasts for this visit only.
    }
  }
  return [hidden, change] as const
}

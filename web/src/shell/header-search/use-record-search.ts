import { useQuery } from '@tanstack/react-query'
import { SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH, type SearchGroup } from '@vod/contract/search'
import { searchRecords } from '../../api/search.ts'
import { useDebounced } from '../../base/use-debounced.ts'

/** Waits this long after the last key before asking the server. */
const SEARCH_DELAY_MS = 250
/** A search's answer is asked again after this long (records change, a typed text is often retyped). */
const FRESH_MS = 30_000

export interface RecordSearch {
  /** The groups found for exactly what is typed now; empty while asking or when nothing is asked. */
  groups: SearchGroup[]
  /** Whether an answer for what is typed is still to come. */
  searching: boolean
  failed: boolean
}

/**
 * The records matching the typed text, once typing pauses: one request per settled text, the previous
 * one cancelled (TanStack Query aborts a query nobody watches any more through its signal). Only an answer
 * for the text as it stands is shown, so Enter never opens a record another text found.
 */
export function useRecordSearch(typed: string): RecordSearch {
  const text = typed.trim()
  const settled = useDebounced(text, SEARCH_DELAY_MS)
  const asked = settled.length >= SEARCH_MIN_LENGTH && settled.length <= SEARCH_MAX_LENGTH
  const query = useQuery({
    queryKey: ['search', settled],
    queryFn: ({ signal }) => searchRecords(settled, signal),
    enabled: asked,
    staleTime: FRESH_MS,
    retry: false,
  })
  const current = asked && settled === text
  return {
    groups: current ? (query.data ?? []) : [],
    searching:
      text.length >= SEARCH_MIN_LENGTH && text.length <= SEARCH_MAX_LENGTH && (!current || query.isPending),
    failed: current && query.isError,
  }
}

import dayjs, { type Dayjs } from 'dayjs'
import { useMemo } from 'react'

/**
 * A range picker's value for two days (`YYYY-MM-DD`, or an instant read as its day), the same array for as long
 * as the days are the same. The picker puts back its value whenever that prop is a new array, dropping a start
 * typed but not yet submitted: a list that re-rendered while the end was typed lost the start.
 */
export function useDayRange(first?: string, last?: string): [Dayjs | null, Dayjs | null] {
  return useMemo(
    () => [first ? dayjs(first.slice(0, 10)) : null, last ? dayjs(last.slice(0, 10)) : null],
    [first, last],
  )
}

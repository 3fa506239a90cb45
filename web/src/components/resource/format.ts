import dayjs from 'dayjs'
import type { ReactNode } from 'react'

/** Timestamps arrive in UTC (API.md) and show in the viewer's time zone. */
export const formatDateTime = (value: unknown): string =>
  typeof value === 'string' && value ? dayjs(value).format('YYYY-MM-DD HH:mm:ss') : ''

/** A field shown as it comes, or as a local date and time for `datetime` fields. */
export const displayValue = (value: unknown, type?: 'datetime'): ReactNode =>
  type === 'datetime' ? formatDateTime(value) : (value as ReactNode)

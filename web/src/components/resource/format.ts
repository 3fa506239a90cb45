import dayjs from 'dayjs'

/** Timestamps arrive in UTC (API.md) and show in the viewer's time zone. */
export const formatDateTime = (value: unknown): string =>
  typeof value === 'string' && value ? dayjs(value).format('YYYY-MM-DD HH:mm:ss') : ''

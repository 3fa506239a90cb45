import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { ScheduledChange } from '@vod/contract/resources/scheduled-changes'
import { useTranslation } from 'react-i18next'
import type { Query } from '../../api/http.ts'
import { notify } from '../../base/notify.ts'
import { useClient } from '../resource/resource-queries.ts'

const KEY = ['scheduled-changes']

/** Scheduled changes matching `query`, read again every `refreshMs` (they change state by themselves). */
export function useSchedules(query: Query, refreshMs = 10_000, enabled = true) {
  const client = useClient<ScheduledChange>('scheduled-changes')
  const queryClient = useQueryClient()
  const { t } = useTranslation()
  const rows = useQuery({
    queryKey: [...KEY, 'list', query],
    queryFn: ({ signal }) => client.list(query, signal),
    refetchInterval: refreshMs,
    enabled,
  })
  const refresh = () => queryClient.invalidateQueries({ queryKey: KEY })
  const cancel = async (row: ScheduledChange) => {
    try {
      await client.action(row, 'cancel')
      void notify('success', t('scheduled.cancelled'))
    } catch (error) {
      void notify('error', (error as Error).message)
    }
    await refresh()
  }
  return { rows, refresh, cancel, client }
}

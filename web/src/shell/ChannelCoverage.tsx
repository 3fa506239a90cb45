import { useQuery } from '@tanstack/react-query'
import { MAX_PER_PAGE } from '@vod/contract/lists'
import { Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { resourceClient } from '../api/resource-client.ts'
import { recordLabel } from '../components/resource/format.ts'
import { labelFieldOf } from '../components/resource/registry.ts'
import { useCan, usePermissions } from '../stores/permission.ts'

/**
 * A channel admin's screens say which channels they cover (issue 58 item 8): without `all-channels` an
 * admin sees the records and figures of the channels it administers only (docs/security.md "Channel
 * scoping"), which a list or a figure does not say by itself. The channels are the ones its own channel
 * list answers (scoped on the server, as every channel read is); shown to who may list channels.
 */
export function ChannelCoverage() {
  const { t } = useTranslation()
  const seesAll = useCan('all-channels')
  const mayList = useCan('list', 'channels')
  // Keyed on what the admin may do now (GET /api/auth/me, as the menu is): a role changed under a logged-in
  // admin asks again rather than keeping the answer of the old role above the new figures (issue 68 item 1).
  const access = usePermissions((state) => (state.names ? [...state.names].sort().join(' ') : ''))
  const channels = useQuery({
    queryKey: ['channels', 'coverage', access],
    queryFn: () => resourceClient<{ id: number }>('channels').list({ per_page: MAX_PER_PAGE }),
    enabled: !seesAll && mayList,
    staleTime: 60_000,
  })
  if (seesAll || !channels.data) return null
  const names = channels.data.data.map((channel) => recordLabel(channel, labelFieldOf('channels')))
  return (
    <Typography.Paragraph type="secondary" data-testid="channel-coverage" style={{ marginBottom: 8 }}>
      {names.length > 0
        ? t('shell.channelCoverage', { channels: names.join(t('shell.listSeparator')) })
        : t('shell.noChannels')}
    </Typography.Paragraph>
  )
}

import type { ChannelAdmin } from '@vod/contract/resources/channels'
import { Button, Space } from 'antd'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { resourceClient } from '../../api/resource-client.ts'
import { notify } from '../../base/notify.ts'
import { ChildList } from '../../components/resource/ChildList.tsx'
import { RecordPicker } from '../../components/resource/RecordPicker.tsx'
import { useChange } from '../../components/resource/resource-queries.ts'
import { useCan } from '../../stores/permission.ts'

type AdminOption = { id: number; username: string; name: string }

/**
 * The admins who may see the channel's figures: removed in the row, added one at a time through a picker
 * that searches the admins on the server (POST /api/channels/{id}/admins; needs edit-channels, and
 * list-admins for the picker, which says so when it is missing: permissionNeeds in the contract).
 */
export function ChannelAdmins({ channelId }: { channelId: number }) {
  const { t } = useTranslation()
  const mayEdit = useCan('edit', 'channels')
  const [picked, setPicked] = useState<number | null>(null)
  const api = useMemo(() => resourceClient('channels'), [])
  const add = useChange(api, (adminId: number) => api.action(channelId, 'admins', { admin_id: adminId }))
  const submit = () =>
    picked !== null &&
    add.mutateAsync(picked).then(
      () => {
        setPicked(null)
        return notify('success', t('resource.added'))
      },
      (error: Error) => notify('error', error.message),
    )
  return (
    <ChildList<ChannelAdmin>
      id={channelId}
      child="admins"
      toolbar={
        // Without list-admins the picker stays, saying so: a missing picker leaves the admin guessing.
        mayEdit && (
          <Space.Compact>
            <RecordPicker<AdminOption>
              resource="admins"
              optionLabel={(admin) => (admin.name ? `${admin.username} (${admin.name})` : admin.username)}
              value={picked ?? undefined}
              onChange={(id) => setPicked((id as number | undefined) ?? null)}
              allowClear
              style={{ minWidth: 240 }}
              aria-label={t('channels.pickAdmin')}
              placeholder={t('channels.pickAdmin')}
              data-testid="admin-pick"
            />
            <Button
              type="primary"
              disabled={picked === null}
              loading={add.isPending}
              data-testid="admin-add"
              onClick={submit}
            >
              {t('resource.add')}
            </Button>
          </Space.Compact>
        )
      }
    />
  )
}

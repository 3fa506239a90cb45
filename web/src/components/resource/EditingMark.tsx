import { EditOutlined } from '@ant-design/icons'
import { useQuery } from '@tanstack/react-query'
import { PRESENCE_HEARTBEAT_SECONDS, type PresenceEditing } from '@vod/contract/presence'
import { Tooltip } from 'antd'
import { useTranslation } from 'react-i18next'
import { editingRows } from '../../api/presence.ts'

/**
 * Which of a list's rows someone else is editing now (issue 67, "Who else is here"), asked again each
 * heartbeat while the list is open; nothing when the list has no rows or `enabled` is false.
 */
export function useEditingRows(resource: string, ids: readonly number[], enabled: boolean) {
  const marks = useQuery({
    queryKey: ['presence', resource, ids],
    queryFn: ({ signal }) => editingRows(resource, ids, signal),
    enabled: enabled && ids.length > 0,
    refetchInterval: PRESENCE_HEARTBEAT_SECONDS * 1000,
    // A mark is a hint: a failed ask shows none, and is not asked again before the next beat.
    retry: false,
  })
  return new Map((marks.data ?? []).map((row) => [row.id, row]))
}

/** The mark on a row someone else is editing: a pen, and who, on hover or focus. */
export function EditingMark({ row }: { row: PresenceEditing | undefined }) {
  const { t } = useTranslation()
  if (!row) return null
  const who = row.people.map((person) => person.name || person.username).join(t('resource.presence.and'))
  const label = t('resource.presence.editors', { who })
  return (
    <Tooltip title={label}>
      <EditOutlined
        data-testid={`editing-${row.id}`}
        aria-label={label}
        role="img"
        tabIndex={0}
        style={{ color: 'var(--ant-color-warning)' }}
      />
    </Tooltip>
  )
}

import { EditOutlined, UserOutlined } from '@ant-design/icons'
import {
  PRESENCE_HEARTBEAT_SECONDS,
  type PresencePerson,
  type PresenceSaved,
  type PresenceState,
} from '@vod/contract/presence'
import { Avatar, Badge, Space, Tooltip, Typography } from 'antd'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { tellPresence, watchPresence } from '../../api/presence.ts'
import { useSession } from '../../stores/session.ts'

/** A person as the screens name people: their name, their login where it is blank. */
const nameOf = (person: { name: string; username: string }) => person.name || person.username

/**
 * Who else has this record open, live, and who of them is editing it (issue 67, "Who else is here"). Tells
 * the server whether this page is editing (the form has changes) and calls `onSaved` when someone else saves
 * the record, so the form can say so before its own save meets the 412. Nothing shows while nobody else is here.
 */
export function RecordPresence({
  path,
  id,
  editing,
  onSaved,
}: {
  /** The record's API path (`/videos/12`). */
  path: string
  id: string
  editing: boolean
  onSaved: (saved: PresenceSaved) => void
}) {
  const { t } = useTranslation()
  const me = useSession((state) => state.profile?.id)
  const [people, setPeople] = useState<PresencePerson[]>([])
  const connection = useRef<string | null>(null)
  const state = useRef<PresenceState>(editing ? 'editing' : 'viewing')
  const saved = useRef(onSaved)
  saved.current = onSaved
  const stream = `/presence${path}`

  useEffect(() => {
    const stop = new AbortController()
    watchPresence(
      `${stream}?state=${state.current}`,
      {
        onHello: (given) => {
          connection.current = given
          // Reconnected: the server has this page as it was opened; tell it how it is now.
          void tellPresence(stream, given, state.current).catch(() => {})
        },
        onPeople: setPeople,
        // One's own save is known here already; one's change scheduled ahead, made at its time, is not.
        onSaved: (event) => {
          if (event.by.admin_id !== me || event.scheduled) saved.current(event)
        },
      },
      stop.signal,
    )
    const heartbeat = setInterval(() => {
      if (connection.current) void tellPresence(stream, connection.current, state.current).catch(() => {})
    }, PRESENCE_HEARTBEAT_SECONDS * 1000)
    return () => {
      stop.abort()
      clearInterval(heartbeat)
      connection.current = null
    }
  }, [stream, me])

  useEffect(() => {
    const now: PresenceState = editing ? 'editing' : 'viewing'
    if (state.current === now) return
    state.current = now
    if (connection.current) void tellPresence(stream, connection.current, now).catch(() => {})
  }, [editing, stream])

  if (people.length === 0) return null
  const editors = people.filter((person) => person.state === 'editing')
  return (
    <Space size="small" data-testid="record-presence" data-record={id} wrap>
      <Avatar.Group max={{ count: 5 }} size="small">
        {people.map((person) => (
          <Tooltip
            key={person.connection}
            title={t(person.state === 'editing' ? 'resource.presence.editing' : 'resource.presence.viewing', {
              who: nameOf(person),
            })}
          >
            <Badge
              count={person.state === 'editing' ? <EditOutlined data-testid="presence-editing" /> : 0}
              offset={[-2, 20]}
            >
              <Avatar
                src={person.avatar || undefined}
                icon={<UserOutlined />}
                alt={nameOf(person)}
                aria-label={nameOf(person)}
              />
            </Badge>
          </Tooltip>
        ))}
      </Avatar.Group>
      <Typography.Text type="secondary" data-testid="presence-summary">
        {editors.length > 0
          ? t('resource.presence.editors', { who: editors.map(nameOf).join(t('resource.presence.and')) })
          : t('resource.presence.others', { who: people.map(nameOf).join(t('resource.presence.and')) })}
      </Typography.Text>
    </Space>
  )
}

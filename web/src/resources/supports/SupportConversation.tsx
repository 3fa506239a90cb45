import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { MemberMailState } from '@vod/contract/resources/members'
import { type Support, supportLimits } from '@vod/contract/resources/supports'
import { Button, Card, Input, Space, Tag, Timeline, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { replyToSupport, supportReplies } from '../../api/supports.ts'
import { notify } from '../../base/notify.ts'
import { formatDateTime, timeZoneLabel } from '../../components/resource/format.ts'
import { queryKeys } from '../../components/resource/resource-queries.ts'
import { useCan } from '../../stores/permission.ts'

/** How often the replies are read again while one waits for the mail server (the send never waits for it). */
const QUEUED_POLL_MS = 2000

const stateColors: Record<MemberMailState, string> = {
  sent: 'green',
  queued: 'gold',
  failed: 'red',
  outbox: 'orange',
}

const repliesKey = (id: number) => [...queryKeys.resource('supports'), 'replies', String(id)]

/**
 * A ticket's conversation: the member's message, then each reply with who sent it, when and how its mail
 * went; below, the reply box (with reply-supports): send, or send and solve an open ticket (with solve-supports).
 */
export function SupportConversation({ ticket }: { ticket: Support }) {
  const { t } = useTranslation()
  const queries = useQueryClient()
  const canReply = useCan('reply', 'supports')
  const canSolve = useCan('solve', 'supports') && ticket.status === 'open'
  const [text, setText] = useState('')
  const [sending, setSending] = useState<'reply' | 'solve' | null>(null)
  const replies = useQuery({
    queryKey: repliesKey(ticket.id),
    queryFn: ({ signal }) => supportReplies(ticket.id, signal),
    refetchInterval: (query) =>
      query.state.data?.some((r) => r.state === 'queued') ? QUEUED_POLL_MS : false,
  })

  const send = async (solve: boolean) => {
    setSending(solve ? 'solve' : 'reply')
    try {
      await replyToSupport(ticket.id, { body: text, ...(solve && { solve: 1 as const }) })
      setText('')
      void notify('success', t(solve ? 'supports.conversation.sentSolved' : 'supports.conversation.sent'))
    } catch (error) {
      void notify('error', (error as Error).message)
    } finally {
      setSending(null)
      await queries.invalidateQueries({ queryKey: queryKeys.resource('supports') })
    }
  }

  const said = (who: string, at: string) => (
    <Typography.Text type="secondary">
      {who} · {formatDateTime(at)}
    </Typography.Text>
  )
  const items = [
    {
      key: 'message',
      color: 'blue',
      children: (
        <div data-testid="support-message">
          {said(ticket.username ?? ticket.email, ticket.created_at)}
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
            {ticket.message}
          </Typography.Paragraph>
        </div>
      ),
    },
    ...(replies.data ?? []).map((reply) => ({
      key: reply.id,
      color: 'green',
      children: (
        <div data-testid={`support-reply-${reply.id}`}>
          {said(reply.admin_name ?? t('supports.conversation.formerAdmin'), reply.created_at)}{' '}
          <Tag color={stateColors[reply.state]}>{t(`supports.conversation.states.${reply.state}`)}</Tag>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
            {reply.body}
          </Typography.Paragraph>
        </div>
      ),
    })),
  ]
  const empty = !text.trim()
  return (
    <Card
      title={t('supports.conversation.title')}
      extra={<Typography.Text type="secondary">{timeZoneLabel()}</Typography.Text>}
      data-testid="support-conversation"
    >
      <Timeline items={items} />
      {canReply && (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <label htmlFor="support-reply-body">
            {t('supports.conversation.replyTo', { email: ticket.email })}
          </label>
          <Input.TextArea
            id="support-reply-body"
            data-testid="support-reply-body"
            value={text}
            maxLength={supportLimits.reply}
            autoSize={{ minRows: 3, maxRows: 12 }}
            onChange={(event) => setText(event.target.value)}
          />
          <Space wrap>
            <Button
              type="primary"
              data-testid="support-reply-send"
              disabled={empty}
              loading={sending === 'reply'}
              onClick={() => void send(false)}
            >
              {t('supports.conversation.send')}
            </Button>
            {canSolve && (
              <Button
                data-testid="support-reply-solve"
                disabled={empty}
                loading={sending === 'solve'}
                onClick={() => void send(true)}
              >
                {t('supports.conversation.sendSolve')}
              </Button>
            )}
          </Space>
        </Space>
      )}
    </Card>
  )
}

import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { MemberMailKind, MemberMailState, User } from '@vod/contract/resources/members'
import { Alert, Button, Card, Table, Tag, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { ApiError } from '../../api/http.ts'
import { memberMails, sendMemberMail } from '../../api/members.ts'
import { notify } from '../../base/notify.ts'
import { ConfirmDialog } from '../../components/resource/ConfirmDialog.tsx'
import { formatDateTime, timeZoneLabel } from '../../components/resource/format.ts'
import { useCan } from '../../stores/permission.ts'

const kinds: { kind: MemberMailKind; action: 'send-email-verification' | 'send-reset-password' }[] = [
  { kind: 'email-verification', action: 'send-email-verification' },
  { kind: 'reset-password', action: 'send-reset-password' },
]

/** What the last send came to, said in the e-mails card (not in the page's header, which keeps its title). */
export interface MailResult {
  type: 'success' | 'warning' | 'error'
  text: string
}

const historyKey = (id: number) => ['users', String(id), 'mails']

/** How often the history is read again while a mail waits for the mail server (the send never waits for it). */
const QUEUED_POLL_MS = 2000

/** A state's colour: failed red, queued gold, sent green; an outbox mail is a warning (nothing left). */
const stateColors: Record<MemberMailState, string> = {
  sent: 'green',
  queued: 'gold',
  failed: 'red',
  outbox: 'orange',
}

/**
 * Send the member the verification or the password-reset e-mail, each with its own permission, after
 * confirming to whom. The server answers at once, the mail queued for the mail server; the history below
 * shows when it has gone. Without a mail server (no SMTP_URL) the mail only reaches the outbox: said as a
 * warning, never as a success. A 429 (three an hour) says when to try again.
 */
export function UserMailButtons({ user, onResult }: { user: User; onResult: (result: MailResult) => void }) {
  const { t } = useTranslation()
  const queries = useQueryClient()
  const allowed = {
    'send-email-verification': useCan('send-email-verification', 'users'),
    'send-reset-password': useCan('send-reset-password', 'users'),
  }

  async function send(kind: MemberMailKind) {
    try {
      const mail = await sendMemberMail(user.id, kind)
      const result: MailResult = {
        type: mail.transport === 'smtp' ? 'success' : 'warning',
        text: t(`users.mailSent.${mail.transport}`, { recipient: mail.recipient ?? t('users.theMember') }),
      }
      onResult(result)
      void notify(result.type === 'success' ? 'success' : 'warning', result.text)
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      onResult({ type: error.status === 429 ? 'warning' : 'error', text: error.message })
      void notify(error.status === 429 ? 'warning' : 'error', error.message)
    } finally {
      await queries.invalidateQueries({ queryKey: historyKey(user.id) })
    }
  }

  return kinds
    .filter(({ action }) => allowed[action])
    .map(({ kind, action }) => (
      <ConfirmDialog
        key={kind}
        question={t(`users.confirmSend.${kind}`, { recipient: user.email })}
        okText={t('users.send')}
        okTestId={`${action}-confirm`}
        onConfirm={() => send(kind)}
      >
        {(open) => (
          <Button
            data-testid={`${action}-${user.id}`}
            disabled={!user.email}
            title={user.email ? undefined : t('users.noEmail')}
            onClick={open}
          >
            {t(`users.actions.${action}`)}
          </Button>
        )}
      </ConfirmDialog>
    ))
}

/** The member's e-mails: the last send's outcome, whether a mail server is set up, what remains this hour, the history. */
export function UserMailHistory({ user, result }: { user: User; result: MailResult | null }) {
  const { t } = useTranslation()
  const history = useQuery({
    queryKey: historyKey(user.id),
    queryFn: ({ signal }) => memberMails(user.id, signal),
    refetchInterval: (query) =>
      query.state.data?.data.some((mail) => mail.state === 'queued') ? QUEUED_POLL_MS : false,
  })
  const meta = history.data?.meta
  return (
    <Card title={t('users.mails.title')} data-testid="user-mails">
      {result && (
        <Alert
          type={result.type}
          showIcon
          title={result.text}
          role="status"
          data-testid="users-mail-result"
          style={{ marginBottom: 12 }}
        />
      )}
      {meta?.smtp === 0 && (
        <Alert
          type="warning"
          showIcon
          title={t('users.mails.noServer')}
          data-testid="users-mail-no-server"
          style={{ marginBottom: 12 }}
        />
      )}
      {meta && (
        <Typography.Paragraph data-testid="users-mail-remaining">
          {t('users.mails.remaining', {
            verification: meta.remaining['email-verification'],
            reset: meta.remaining['reset-password'],
            limit: meta.per_hour,
          })}
        </Typography.Paragraph>
      )}
      <Table
        size="small"
        rowKey="id"
        loading={history.isLoading}
        pagination={false}
        dataSource={history.data?.data ?? []}
        columns={[
          {
            key: 'created_at',
            title: `${t('users.mails.sentAt')} (${timeZoneLabel()})`,
            render: (_, mail) => formatDateTime(mail.created_at),
          },
          {
            key: 'kind',
            title: t('users.mails.kind'),
            render: (_, mail) => t(`users.mails.kinds.${mail.kind}`),
          },
          { key: 'recipient', title: t('users.mails.recipient'), dataIndex: 'recipient' },
          {
            key: 'state',
            title: t('users.mails.status'),
            // The server decides: a refused mail, or one out of tries or past its link's life, is failed.
            render: (_, mail) => (
              <Tag color={stateColors[mail.state]} data-testid={`users-mail-state-${mail.id}`}>
                {t(`users.mails.states.${mail.state}`)}
              </Tag>
            ),
          },
        ]}
      />
    </Card>
  )
}

import type { MemberMailKind } from '@vod/contract/resources/members'
import { Button, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiError } from '../../api/http.ts'
import { sendMemberMail } from '../../api/members.ts'
import { notify } from '../../app/notify.ts'
import { useCan } from '../../stores/permission.ts'
import type { User } from './types.ts'

const kinds: { kind: MemberMailKind; action: 'send-email-verification' | 'send-reset-password' }[] = [
  { kind: 'email-verification', action: 'send-email-verification' },
  { kind: 'reset-password', action: 'send-reset-password' },
]

/**
 * Send the member the verification or the password-reset e-mail, each with its own permission. Says where
 * the mail went (the mail server, or the outbox when no SMTP_URL is set), or why not (429: three an hour).
 */
export function UserMails({ user }: { user: User }) {
  const { t } = useTranslation()
  const allowed = {
    'send-email-verification': useCan('send-email-verification', 'users'),
    'send-reset-password': useCan('send-reset-password', 'users'),
  }
  const [busy, setBusy] = useState<MemberMailKind | null>(null)
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null)

  async function send(kind: MemberMailKind) {
    setBusy(kind)
    try {
      const mail = await sendMemberMail(user.id, kind)
      const text = t(`users.mailSent.${mail.transport}`, { recipient: mail.recipient })
      setSaid({ ok: true, text })
      void notify('success', text)
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      setSaid({ ok: false, text: error.message })
      void notify(error.status === 429 ? 'warning' : 'error', error.message)
    } finally {
      setBusy(null)
    }
  }

  const offered = kinds.filter(({ action }) => allowed[action])
  if (offered.length === 0) return null
  return (
    <>
      {offered.map(({ kind, action }) => (
        <Button
          key={kind}
          data-testid={`${action}-${user.id}`}
          loading={busy === kind}
          disabled={!user.email}
          title={user.email ? undefined : t('users.noEmail')}
          onClick={() => send(kind)}
        >
          {t(`users.actions.${action}`)}
        </Button>
      ))}
      {said && (
        <Typography.Text type={said.ok ? 'success' : 'danger'} data-testid="users-mail-result" role="status">
          {said.text}
        </Typography.Text>
      )}
    </>
  )
}

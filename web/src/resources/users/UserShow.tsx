import type { User } from '@vod/contract/resources/members'
import { useState } from 'react'
import { RecordHistory } from '../../components/history/RecordHistory.tsx'
import { ResourceShow } from '../../components/resource/ResourceShow.tsx'
import { type MailResult, UserMailButtons, UserMailHistory } from './UserMails.tsx'

/**
 * /users/{id}: the member, enable / disable, its orders and subscriptions (`show.related`), the e-mails an
 * admin may send it (confirmed first), the e-mails it was sent, in a card of their own below, and who changed
 * it (with history-users).
 */
export default function UserShow() {
  const [result, setResult] = useState<MailResult | null>(null)
  return (
    <ResourceShow<User> buttons={(user) => <UserMailButtons user={user} onResult={setResult} />}>
      {(user) => (
        <>
          <UserMailHistory user={user} result={result} />
          <RecordHistory path="users" id={user.id} />
        </>
      )}
    </ResourceShow>
  )
}

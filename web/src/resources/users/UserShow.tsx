import type { User } from '@vod/contract/resources/members'
import { useState } from 'react'
import { ResourceShow } from '../../components/resource/ResourceShow.tsx'
import { type MailResult, UserMailButtons, UserMailHistory } from './UserMails.tsx'

/**
 * /users/{id}: the member, enable / disable, its orders and subscriptions (`show.related`), the e-mails an
 * admin may send it (confirmed first), and the e-mails it was sent, in a card of their own below.
 */
export default function UserShow() {
  const [result, setResult] = useState<MailResult | null>(null)
  return (
    <ResourceShow<User> buttons={(user) => <UserMailButtons user={user} onResult={setResult} />}>
      {(user) => <UserMailHistory user={user} result={result} />}
    </ResourceShow>
  )
}

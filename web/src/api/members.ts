import type { MemberMail, MemberMailHistory, MemberMailKind } from '@vod/contract/resources/members'
import { http } from './http.ts'

/** The routes of spec section 7 for each e-mail an admin can send a member. */
const routes: Record<MemberMailKind, string> = {
  'email-verification': 'send-email-verification',
  'reset-password': 'send-reset-password',
}

/** What was sent: to whom, and whether it went to the mail server (`smtp`) or the outbox. */
export type SentMemberMail = MemberMail

/**
 * `GET /users/{id}/send-email-verification` or `/send-reset-password` (GET, as the spec has it). A 429 (at
 * most 3 of a kind an hour per member) fails with the server's message and `retryAfter`.
 */
export function sendMemberMail(id: number | string, kind: MemberMailKind): Promise<SentMemberMail> {
  return http.get<{ data: SentMemberMail }>(`/users/${id}/${routes[kind]}`).then((answer) => answer.data)
}

/** `GET /users/{id}/mails`: what was sent the member, whether a mail server is set up, what remains this hour. */
export function memberMails(id: number | string, signal?: AbortSignal): Promise<MemberMailHistory> {
  return http.get<MemberMailHistory>(`/users/${id}/mails`, { signal })
}

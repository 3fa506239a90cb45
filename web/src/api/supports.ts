import type { SupportReply, SupportReplyInput } from '@vod/contract/resources/supports'
import { http } from './http.ts'

/** `GET /supports/{id}/replies`: the ticket's replies, oldest first, with how each one's mail went. */
export function supportReplies(id: number | string, signal?: AbortSignal): Promise<SupportReply[]> {
  return http
    .get<{ data: SupportReply[] }>(`/supports/${id}/replies`, { signal })
    .then((answer) => answer.data)
}

/** `POST /supports/{id}/replies`: mails the answer to the ticket's address; `solve: 1` solves it too. */
export function replyToSupport(id: number | string, body: SupportReplyInput): Promise<SupportReply> {
  return http.post<{ data: SupportReply }>(`/supports/${id}/replies`, { body }).then((answer) => answer.data)
}

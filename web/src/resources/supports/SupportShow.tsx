import type { Support } from '@vod/contract/resources/supports'
import { ResourceShow } from '../../components/resource/ResourceShow.tsx'
import { SupportConversation } from './SupportConversation.tsx'

/** /questions/supports/{id}: the ticket, its transitions, and its conversation with the reply box. */
export default function SupportShow() {
  return <ResourceShow<Support>>{(ticket) => <SupportConversation ticket={ticket} />}</ResourceShow>
}

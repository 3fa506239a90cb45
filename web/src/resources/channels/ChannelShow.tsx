import { ChildList } from '../../components/resource/ChildList.tsx'
import { ResourceShow } from '../../components/resource/ResourceShow.tsx'
import { ChannelAdmins } from './ChannelAdmins.tsx'

/** /channels/{id}: the channel, archive / recover, its campaigns (own permissions and screens), its admins. */
export default function ChannelShow() {
  return (
    <ResourceShow>
      {(channel) => (
        <>
          <ChildList id={channel.id} child="campaigns" />
          <ChannelAdmins channelId={channel.id} />
        </>
      )}
    </ResourceShow>
  )
}

import { ResourceShow } from '../ResourceShow.tsx'

/** A resource's detail screen as its contract and declaration give it. */
export default function ShowScreen() {
  return <ResourceShow />
}

import { ResourceList } from '../ResourceList.tsx'

/** A resource's list as its contract and declaration give it. */
export default function ListScreen() {
  return <ResourceList />
}

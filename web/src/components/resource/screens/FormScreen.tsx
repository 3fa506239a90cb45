import { ResourceForm } from '../ResourceForm.tsx'

/** A resource's create and edit form as its contract and declaration give it. */
export default function FormScreen() {
  return <ResourceForm />
}

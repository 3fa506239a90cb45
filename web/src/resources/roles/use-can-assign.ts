import { useCan } from '../../stores/permission.ts'

/** Whether the role form offers who holds a role: that takes assign-roles, and list-admins to pick them. */
export function useCanAssign(): boolean {
  const mayAssign = useCan('assign', 'roles')
  const mayListAdmins = useCan('list', 'admins')
  return mayAssign && mayListAdmins
}

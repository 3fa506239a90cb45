import type { ImportColumn } from '../../components/resource/ResourceImport.tsx'
import { ResourceImport } from '../../components/resource/ResourceImport.tsx'
import { users } from './index.ts'

/** The template's columns: a member's fields as POST /users/batch-create reads them. */
const columns: ImportColumn[] = [
  { name: 'username', example: 'member.lee' },
  { name: 'email', example: 'lee@example.com' },
  { name: 'first_name', example: 'Li' },
  { name: 'last_name', example: 'Lee' },
  { name: 'birthdate', example: '1990-05-06' },
  { name: 'phone', example: '+86 138 0000 0000' },
  { name: 'status', example: 'enabled' },
  { name: 'plan_id', example: '' },
  { name: 'start_date', example: '2026-12-01' },
  { name: 'end_date', example: '2027-12-01' },
  { name: 'avatar', example: '' },
  { name: 'banner', example: '' },
]

/** /users/batch-create: many members from one CSV, all or none. */
export default function UserBatchCreate() {
  return <ResourceImport resource={users} columns={columns} />
}

import { directorLimits } from '@vod/contract/resources/directors'
import { Input } from 'antd'
import { ResourceForm } from '../../components/resource/ResourceForm.tsx'
import { directors } from './index.ts'

export default function DirectorForm() {
  return (
    <ResourceForm
      resource={directors}
      fields={[{ name: 'name', required: true, input: <Input maxLength={directorLimits.name} /> }]}
    />
  )
}

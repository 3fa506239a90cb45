import { sourceLimits } from '@vod/contract/resources/sources'
import { Input } from 'antd'
import { RecordPicker } from '../../components/resource/RecordPicker.tsx'
import { ResourceForm } from '../../components/resource/ResourceForm.tsx'
import type { RecordValues } from '../../components/resource/resource-queries.ts'
import { sources } from './index.ts'

// A genre left empty is sent as none, so an edit can take it away.
const toBody = ({ genreId, ...rest }: RecordValues): RecordValues => ({ ...rest, genreId: genreId ?? null })

export default function SourceForm() {
  return (
    <ResourceForm
      resource={sources}
      toBody={toBody}
      fields={[
        { name: 'name', required: true, input: <Input maxLength={sourceLimits.name} /> },
        { name: 'genreId', input: <RecordPicker resource="tags" where={{ type: 'genre' }} allowClear /> },
      ]}
    />
  )
}

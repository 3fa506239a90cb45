import { useQueryClient } from '@tanstack/react-query'
import { RecordPicker } from '../../components/resource/RecordPicker.tsx'
import { ResourceForm } from '../../components/resource/ResourceForm.tsx'
import { useResource } from '../../components/resource/resource-context.tsx'
import {
  queryKeys,
  type RecordValues,
  useResourceClient,
} from '../../components/resource/resource-queries.ts'
import { useCan } from '../../stores/permission.ts'

/** The promotion's fields, then (with edit-promotions) its plans, saved by a second call (POST /promotions/{id}/plans). */
export default function PromotionForm() {
  const queries = useQueryClient()
  const api = useResourceClient(useResource())
  const canChoosePlans = useCan('edit', 'promotions')
  const choosePlans = async (saved: { id: number }, values: RecordValues) => {
    await api.action(saved.id, 'plans', { plan_ids: values.plan_ids ?? [] })
    await queries.invalidateQueries({ queryKey: queryKeys.resource('promotions') })
  }
  const fields = ['name', 'code', 'started_at', 'ended_at', 'times', 'status']
  return (
    <ResourceForm
      fields={
        canChoosePlans
          ? [
              ...fields,
              { name: 'plan_ids', input: <RecordPicker resource="plans" mode="multiple" allowClear /> },
            ]
          : fields
      }
      afterSave={canChoosePlans ? choosePlans : undefined}
    />
  )
}

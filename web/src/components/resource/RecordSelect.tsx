import { useQuery } from '@tanstack/react-query'
import { MAX_PER_PAGE } from '@vod/contract/lists'
import { Select, type SelectProps } from 'antd'
import { http } from '../../api/http.ts'
import type { ListAnswer } from './resource-queries.ts'

interface RecordSelectProps<T> extends Omit<SelectProps<number | number[]>, 'options' | 'loading'> {
  /** The API path of the records offered: `admins`, `roles`. */
  resource: string
  optionLabel: (record: T) => string
}

/**
 * Choose one or several records of another resource (an admin's roles, a role's admins, the admin of an
 * audit log). Offers the first page of the largest size the API allows, searched as typed; the options
 * refresh whenever that resource changes.
 */
export function RecordSelect<T extends { id: number }>({
  resource,
  optionLabel,
  ...props
}: RecordSelectProps<T>) {
  const records = useQuery({
    queryKey: [resource, 'options'],
    queryFn: ({ signal }) =>
      http.get<ListAnswer<T>>(`/${resource}`, { query: { perPage: MAX_PER_PAGE, sort: 'id' }, signal }),
  })
  const options = records.data?.data.map((record) => ({ value: record.id, label: optionLabel(record) }))
  return (
    <Select
      showSearch={{ optionFilterProp: 'label' }}
      {...props}
      options={options}
      loading={records.isLoading}
      status={records.error ? 'error' : props.status}
    />
  )
}

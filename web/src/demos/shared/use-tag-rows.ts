import { useQuery } from '@tanstack/react-query'
import type { Tag } from '@vod/contract'
import { resourceClient } from '../../api/resource-client.ts'

export type TagRow = Tag

const tags = resourceClient<TagRow>('tags')

/** The demo tables' rows: the newest hundred tags, from the real API (GET /api/tags). */
export function useTagRows() {
  const query = useQuery({
    queryKey: ['demos', 'tags'],
    queryFn: ({ signal }) => tags.list({ sort: '-id', per_page: 100 }, signal),
  })
  return { rows: query.data?.data ?? [], loading: query.isPending }
}

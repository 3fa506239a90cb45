import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import type { Tag } from '@vod/contract'
import { resourceClient } from '../../api/resource-client.ts'

export type TagRow = Tag

const tags = resourceClient<TagRow>('tags')

const tagRows = queryOptions({
  queryKey: ['demos', 'tags'],
  queryFn: ({ signal }) => tags.list({ sort: '-id', per_page: 100 }, signal),
})

/**
 * The demo tables' rows: the newest hundred tags, from the real API (GET /api/tags). `loaded` gives them
 * once they have come, so an export asked while they load waits for them: its button is never disabled
 * meanwhile (a button turning from disabled to enabled fades through greys no text may be drawn in).
 */
export function useTagRows() {
  const client = useQueryClient()
  const query = useQuery(tagRows)
  return {
    rows: query.data?.data ?? [],
    loading: query.isPending,
    loaded: async () => (await client.ensureQueryData(tagRows)).data,
  }
}

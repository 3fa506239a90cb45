import { siteInput, siteRecord, type siteSortable, siteStatuses } from '@vod/contract'
import type { PgColumn } from 'drizzle-orm/pg-core'
import { sites } from '../../db/schema/index.ts'
import { defineResource } from '../../lib/resource/define-resource.ts'

/** The business's other sites: a name, the domain it is served on (unique), and whether it is live. */
export const sitesModule = defineResource({
  path: 'sites',
  table: sites,
  record: siteRecord,
  input: siteInput,
  list: {
    sortable: {
      id: sites.id,
      name: sites.name,
      domain: sites.domain,
      status: sites.status,
      created_at: sites.createdAt,
      updated_at: sites.updatedAt,
    } satisfies Record<(typeof siteSortable)[number], PgColumn>,
    filters: { status: { column: sites.status, type: 'enum', values: siteStatuses } },
    keyword: [sites.name, sites.domain],
    defaultSort: '-id',
  },
})

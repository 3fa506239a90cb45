import { z } from 'zod'
import { defineContract } from '../resource.ts'
import { instant, recordId } from '../values.ts'

/**
 * The business's other sites (spec: shape not shown; docs/resources.md "Catalogue"): a name, the domain it is
 * served on, and whether it is live.
 */
export const siteStatuses = ['enabled', 'disabled'] as const

/** A host name: labels of letters, digits and hyphens, with a dot between them; no scheme, port or path. */
const DOMAIN_PATTERN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/

export const siteLimits = { name: 100, domain: 253 } as const

const siteInput = z.object({
  name: z.string().trim().min(1).max(siteLimits.name),
  domain: z.string().trim().toLowerCase().max(siteLimits.domain).regex(DOMAIN_PATTERN, 'validation.domain'),
  status: z.enum(siteStatuses).default('enabled'),
})

const siteRecord = z
  .object({
    id: recordId,
    name: z.string(),
    domain: z.string(),
    status: z.enum(siteStatuses),
    created_at: instant,
    updated_at: instant,
  })
  .meta({ id: 'Site' })

export const sitesContract = defineContract({
  path: 'sites',
  record: siteRecord,
  input: siteInput,
  list: {
    sortable: ['id', 'name', 'domain', 'status', 'created_at', 'updated_at'],
    defaultSort: '-id',
    filters: { status: true },
    keyword: true,
  },
})

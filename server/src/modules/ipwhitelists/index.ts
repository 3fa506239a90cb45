import {
  type IpWhitelist,
  ipWhitelistInput,
  ipWhitelistRecord,
  type ipWhitelistSortable,
} from '@vod/contract'
import type { PgColumn } from 'drizzle-orm/pg-core'
import { ipWhitelists } from '../../db/schema/index.ts'
import { defineResource } from '../../lib/resource/define-resource.ts'

/**
 * The IP whitelist (spec sections 2 and 7, "standard CRUD"): addresses and CIDR ranges, IPv4 or IPv6, each
 * with a note. The contract checks the text (ipEntryIssue, shared with the web form); PostgreSQL's `inet`
 * stores it in its canonical form, so `2001:DB8:0::1` and `2001:db8::1` are one entry and the second is a
 * 422 on `address` (the unique index). What the list governs: README "Members".
 */
export const ipWhitelistsModule = defineResource<IpWhitelist>({
  path: 'ipwhitelists',
  table: ipWhitelists,
  record: ipWhitelistRecord,
  input: ipWhitelistInput,
  list: {
    sortable: {
      id: ipWhitelists.id,
      address: ipWhitelists.address,
      created_at: ipWhitelists.createdAt,
      updated_at: ipWhitelists.updatedAt,
    } satisfies Record<(typeof ipWhitelistSortable)[number], PgColumn>,
    keyword: [ipWhitelists.note],
    defaultSort: '-id',
  },
})

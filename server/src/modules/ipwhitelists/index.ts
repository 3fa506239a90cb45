import { type IpWhitelist, ipwhitelistsContract } from '@vod/contract'
import { ipWhitelists } from '../../db/schema/index.ts'
import { defineResource } from '../../lib/resource/define-resource.ts'

/**
 * The IP whitelist (spec sections 2 and 7, "standard CRUD"): addresses and CIDR ranges, IPv4 or IPv6, each
 * with a note. The contract checks the text (ipEntryIssue, shared with the web form); PostgreSQL's `inet`
 * stores it in its canonical form, so `2001:DB8:0::1` and `2001:db8::1` are one entry and the second is a
 * 422 on `address` (the unique index). What the list governs: docs/resources.md "Members".
 */
export const ipWhitelistsModule = defineResource<IpWhitelist>({
  contract: ipwhitelistsContract,
  table: ipWhitelists,
  list: {
    keyword: [ipWhitelists.note],
  },
})

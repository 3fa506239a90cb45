import type { ResourceDefinition } from '../components/resource/define-resource.ts'
import { admins } from './admins/index.ts'
import { advertisements } from './advertisements/index.ts'
import { auditLogs } from './audit-logs/index.tsx'
import { banners } from './banners/index.tsx'
import { blocks } from './blocks/index.ts'
import { campaigns, channels } from './channels/index.ts'
import { commentReports, comments } from './comments/index.ts'
import { cooperations } from './cooperations/index.ts'
import { deals } from './deals/index.ts'
import { directors } from './directors/index.ts'
import { informations } from './informations/index.ts'
import { ipwhitelists } from './ipwhitelists/index.ts'
import { orders } from './orders/index.tsx'
import { plans } from './plans/index.ts'
import { posts } from './posts/index.ts'
import { promotions } from './promotions/index.ts'
import { questions } from './questions/index.ts'
import { roles } from './roles/index.ts'
import { segpayPayoutReports } from './segpay-payout-reports/index.ts'
import { seos } from './seos/index.ts'
import { sites } from './sites/index.ts'
import { sources } from './sources/index.ts'
import { subscriptions } from './subscriptions/index.ts'
import { supports } from './supports/index.ts'
import { tagCategories } from './tag-categories/index.ts'
import { tags } from './tags/index.ts'
import { users } from './users/index.ts'
import { videos } from './videos/index.ts'

/**
 * Every resource of the back-office, in menu order. A resource joins the app (routes, menu, strings) by
 * its folder and one line here.
 */
export const resources: readonly ResourceDefinition[] = [
  videos,
  posts,
  sites,
  cooperations,
  tags,
  tagCategories,
  directors,
  sources,
  seos,
  blocks,
  banners,
  advertisements,
  informations,
  questions,
  users,
  ipwhitelists,
  plans,
  promotions,
  deals,
  subscriptions,
  orders,
  segpayPayoutReports,
  channels,
  campaigns,
  comments,
  commentReports,
  supports,
  admins,
  roles,
  auditLogs,
]

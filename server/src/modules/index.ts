import { adminsModule } from './admins/index.ts'
import { advertisementsModule } from './advertisements/index.ts'
import { analyticsModule } from './analytics/index.ts'
import { articlesModule } from './articles/index.ts'
import { auditLogsModule } from './audit-logs/index.ts'
import { authModule } from './auth/index.ts'
import { bannersModule } from './banners/index.ts'
import { blocksModule } from './blocks/index.ts'
import { channelsModule } from './channels/index.ts'
import { commentsModule } from './comments/index.ts'
import { cooperationsModule } from './cooperations/index.ts'
import { deletionsModule } from './deletions/index.ts'
import { directorsModule } from './directors/index.ts'
import { downloadTicketsModule } from './download-tickets/index.ts'
import { filesModule } from './files/index.ts'
import { informationsModule } from './informations/index.ts'
import { ipWhitelistsModule } from './ipwhitelists/index.ts'
import { ordersModule } from './orders/index.ts'
import { photosModule } from './photos/index.ts'
import { plansModule } from './plans/index.ts'
import { postsModule } from './posts/index.ts'
import { presenceModule } from './presence/index.ts'
import { profileModule } from './profile/index.ts'
import { questionsModule } from './questions/index.ts'
import { reportSubscriptionsModule } from './report-subscriptions/index.ts'
import { rolesModule } from './roles/index.ts'
import { savedViewsModule } from './saved-views/index.ts'
import { scheduledChangesModule } from './scheduled-changes/module.ts'
import { searchModule } from './search/index.ts'
import { seosModule } from './seos/index.ts'
import { sitesModule } from './sites/index.ts'
import { sourcesModule } from './sources/index.ts'
import { supportsModule } from './supports/index.ts'
import { tagCategoriesModule } from './tag-categories/index.ts'
import { tagsModule } from './tags/index.ts'
import { twoFactorModule } from './two-factor/index.ts'
import type { ApiModule } from './types.ts'
import { usersModule } from './users/index.ts'
import { videosModule } from './videos/index.ts'

/** Every route module, registered under /api in this order. Adding a resource adds one line here. */
export const modules: ApiModule[] = [
  authModule,
  twoFactorModule,
  profileModule,
  searchModule,
  adminsModule,
  rolesModule,
  auditLogsModule,
  videosModule,
  photosModule,
  postsModule,
  tagsModule,
  tagCategoriesModule,
  directorsModule,
  sourcesModule,
  seosModule,
  sitesModule,
  downloadTicketsModule,
  filesModule,
  plansModule,
  ordersModule,
  usersModule,
  ipWhitelistsModule,
  articlesModule,
  channelsModule,
  blocksModule,
  bannersModule,
  advertisementsModule,
  informationsModule,
  questionsModule,
  commentsModule,
  supportsModule,
  cooperationsModule,
  deletionsModule,
  analyticsModule,
  reportSubscriptionsModule,
  savedViewsModule,
  scheduledChangesModule,
  presenceModule,
]

import {
  AppstoreOutlined,
  CommentOutlined,
  CrownOutlined,
  FundOutlined,
  LockOutlined,
  PlaySquareOutlined,
  QuestionCircleOutlined,
  ShoppingCartOutlined,
  TeamOutlined,
} from '@ant-design/icons'
import type { ResourceGroup } from '../components/resource/define-resource.ts'
import { definePairs } from '../i18n/define-locale.ts'

/** Menu groups shared by several resources (a resource names its group in its definition). */
export const permissionsGroup: ResourceGroup = {
  name: 'permissions',
  icon: LockOutlined,
  locale: definePairs({ title: ['Permissions', '权限管理'] }),
}

/**
 * The catalogue's menu: videos at /videos, then posts, sites and the tags under it. Spec section 2 titles it
 * 'OS header', a slip staff could not read: it is 'Content'.
 */
export const osHeaderGroup: ResourceGroup = {
  name: 'os-header',
  icon: PlaySquareOutlined,
  locale: definePairs({ title: ['Content', '视频内容'] }),
}

/** The plans menu (spec section 2's /plans): plans, promotions and deals, and the hidden subscriptions list. */
export const plansGroup: ResourceGroup = {
  name: 'plan-management',
  icon: CrownOutlined,
  locale: definePairs({ title: ['Plans', '套餐管理'] }),
}

/** The members' menu (spec section 2, /users): members, then the IP whitelist under /users/ipwhitelists. */
export const membersGroup: ResourceGroup = {
  name: 'members',
  icon: TeamOutlined,
  locale: definePairs({ title: ['Members', '会员管理'] }),
}

/** The orders menu (spec section 2, /orders): members' orders, then the Segpay payout reports under /orders/segpays. */
export const ordersGroup: ResourceGroup = {
  name: 'order-management',
  icon: ShoppingCartOutlined,
  locale: definePairs({ title: ['Orders', '订单管理'] }),
}

/** The channels menu (spec section 2's /channels): channels, their campaigns and admins on each channel's page. */
export const channelsGroup: ResourceGroup = {
  name: 'channel-management',
  icon: FundOutlined,
  locale: definePairs({ title: ['Channels', '渠道管理'] }),
}

/** The merchandising menu (spec section 2's /blocks): page blocks, banners, advertisements, information pages. */
export const blocksGroup: ResourceGroup = {
  name: 'merchandising',
  icon: AppstoreOutlined,
  locale: definePairs({ title: ['Merchandising', '页面运营'] }),
}

/** The questions menu (spec section 2's /questions): the FAQ, and the support tickets under /questions/supports. */
export const questionsGroup: ResourceGroup = {
  name: 'questions-management',
  icon: QuestionCircleOutlined,
  locale: definePairs({ title: ['Questions', '问答与客服'] }),
}

/** Moderation: comments and their reports (/comments). */
export const communityGroup: ResourceGroup = {
  name: 'community',
  icon: CommentOutlined,
  locale: definePairs({ title: ['Community', '社区'] }),
}

import {
  CrownOutlined,
  FundOutlined,
  LockOutlined,
  PlaySquareOutlined,
  ShoppingCartOutlined,
  TeamOutlined,
} from '@ant-design/icons'
import type { ResourceGroup } from '../components/resource/define-resource.ts'
import { defineLocale } from '../i18n/define-locale.ts'

/** Menu groups shared by several resources (a resource names its group in its definition). */
export const permissionsGroup: ResourceGroup = {
  name: 'permissions',
  icon: LockOutlined,
  locale: defineLocale({ en: { title: 'Permissions' }, 'zh-cn': { title: '权限管理' } }),
}

/** The catalogue's menu ('OS header', spec section 2): videos at /videos, then sites under it. */
export const osHeaderGroup: ResourceGroup = {
  name: 'os-header',
  icon: PlaySquareOutlined,
  locale: defineLocale({ en: { title: 'OS header' }, 'zh-cn': { title: '视频内容' } }),
}

/** The plans menu (spec section 2's /plans): plans, promotions and deals, and the hidden subscriptions list. */
export const plansGroup: ResourceGroup = {
  name: 'plan-management',
  icon: CrownOutlined,
  locale: defineLocale({ en: { title: 'Plans' }, 'zh-cn': { title: '套餐管理' } }),
}

/** The members' menu (spec section 2, /users): members, then the IP whitelist under /users/ipwhitelists. */
export const membersGroup: ResourceGroup = {
  name: 'members',
  icon: TeamOutlined,
  locale: defineLocale({ en: { title: 'Members' }, 'zh-cn': { title: '会员管理' } }),
}

/** The orders menu (spec section 2, /orders): members' orders, then the Segpay payout reports under /orders/segpays. */
export const ordersGroup: ResourceGroup = {
  name: 'order-management',
  icon: ShoppingCartOutlined,
  locale: defineLocale({ en: { title: 'Orders' }, 'zh-cn': { title: '订单管理' } }),
}

/** The channels menu (spec section 2's /channels): channels, their campaigns and admins on each channel's page. */
export const channelsGroup: ResourceGroup = {
  name: 'channel-management',
  icon: FundOutlined,
  locale: defineLocale({ en: { title: 'Channels' }, 'zh-cn': { title: '渠道管理' } }),
}

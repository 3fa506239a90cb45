import { defineResourceLocale } from '../../components/resource/resource-locale.ts'

export const bannersLocale = defineResourceLocale({
  title: ['Banners', '横幅'],
  noun: ['banner', '横幅'],
  keyword: ['Name or title', '名称或标题'],
  fields: {
    position: ['Position', '位置'],
    subtitle: ['Subtitle', '副标题'],
    cta: ['Button text', '按钮文字'],
    mobile_image: ['Mobile image', '移动端图片'],
    video: ['Video', '视频'],
    mobile_video: ['Mobile video', '移动端视频'],
    clicks: ['Clicks', '点击数'],
  },
  values: {
    position: {
      home_hero: ['Home page, hero', '首页主视觉'],
      home_middle: ['Home page, middle', '首页中部'],
      videos_top: ['Videos page, top', '视频页顶部'],
      sidebar: ['Sidebar', '侧栏'],
    },
    type: { image: ['Image', '图片'], video: ['Video', '视频'] },
  },
  hints: {
    link: ['An http(s) address, a mailto: or a tel: link.', 'http(s) 网址、mailto: 或 tel: 链接。'],
    expired_at: [
      'After this moment the banner no longer shows; empty: it never expires.',
      '过了此时间横幅不再显示；留空则永不过期。',
    ],
    sort: ['Lower numbers come first in their position.', '数字越小，在同一位置越靠前。'],
  },
})

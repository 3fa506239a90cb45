import { defineLocale } from '../../i18n/define-locale.ts'

export const bannersLocale = defineLocale({
  en: {
    title: 'Banners',
    createTitle: 'Create banner',
    editTitle: 'Edit banner',
    showTitle: 'Banner',
    keyword: 'Name or title',
    expiredMark: 'Expired',
    fields: {
      position: 'Position',
      subtitle: 'Subtitle',
      cta: 'Button text',
      mobile_image: 'Mobile image',
      video: 'Video',
      mobile_video: 'Mobile video',
      clicks: 'Clicks',
      expired_at: 'Expires',
      expired: 'Expired',
    },
    values: {
      position: {
        home_hero: 'Home page, hero',
        home_middle: 'Home page, middle',
        videos_top: 'Videos page, top',
        sidebar: 'Sidebar',
      },
      type: { image: 'Image', video: 'Video' },
    },
    hints: {
      link: 'An http(s) address, a mailto: or a tel: link.',
      expired_at: 'After this moment the banner no longer shows; empty: it never expires.',
      sort: 'Lower numbers come first in their position.',
    },
  },
  'zh-cn': {
    title: '横幅',
    createTitle: '新建横幅',
    editTitle: '编辑横幅',
    showTitle: '横幅详情',
    keyword: '名称或标题',
    expiredMark: '已过期',
    fields: {
      position: '位置',
      subtitle: '副标题',
      cta: '按钮文字',
      mobile_image: '移动端图片',
      video: '视频',
      mobile_video: '移动端视频',
      clicks: '点击数',
      expired_at: '过期时间',
      expired: '已过期',
    },
    values: {
      position: {
        home_hero: '首页主视觉',
        home_middle: '首页中部',
        videos_top: '视频页顶部',
        sidebar: '侧栏',
      },
      type: { image: '图片', video: '视频' },
    },
    hints: {
      link: 'http(s) 网址、mailto: 或 tel: 链接。',
      expired_at: '过了此时间横幅不再显示；留空则永不过期。',
      sort: '数字越小，在同一位置越靠前。',
    },
  },
})

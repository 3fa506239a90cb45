import { defineLocale } from '../../i18n/define-locale.ts'

export const advertisementsLocale = defineLocale({
  en: {
    title: 'Advertisements',
    editTitle: 'Edit advertisement',
    showTitle: 'Advertisement',
    fields: { position: 'Slot', mobile_image: 'Mobile image', cta_position: 'Button position' },
    values: {
      position: {
        home_top: 'Home page, top',
        home_middle: 'Home page, middle',
        home_bottom: 'Home page, bottom',
        video_sidebar: 'Video page, sidebar',
        video_pause: 'Player, when paused',
      },
      cta_position: { left: 'Left', center: 'Centre', right: 'Right' },
    },
    hints: { link: 'An http(s) address, a mailto: or a tel: link.' },
  },
  'zh-cn': {
    title: '广告位',
    editTitle: '编辑广告位',
    showTitle: '广告位详情',
    fields: { position: '广告位置', mobile_image: '移动端图片', cta_position: '按钮位置' },
    values: {
      position: {
        home_top: '首页顶部',
        home_middle: '首页中部',
        home_bottom: '首页底部',
        video_sidebar: '视频页侧栏',
        video_pause: '播放器暂停时',
      },
      cta_position: { left: '左侧', center: '居中', right: '右侧' },
    },
    hints: { link: 'http(s) 网址、mailto: 或 tel: 链接。' },
  },
})

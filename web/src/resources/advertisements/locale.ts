import { defineResourceLocale } from '../../components/resource/resource-locale.ts'

export const advertisementsLocale = defineResourceLocale({
  title: ['Advertisements', '广告位'],
  noun: ['advertisement', '广告位'],
  fields: {
    position: ['Slot', '广告位置'],
    mobile_image: ['Mobile image', '移动端图片'],
    cta_position: ['Button position', '按钮位置'],
  },
  values: {
    position: {
      home_top: ['Home page, top', '首页顶部'],
      home_middle: ['Home page, middle', '首页中部'],
      home_bottom: ['Home page, bottom', '首页底部'],
      video_sidebar: ['Video page, sidebar', '视频页侧栏'],
      video_pause: ['Player, when paused', '播放器暂停时'],
    },
    cta_position: { left: ['Left', '左侧'], center: ['Centre', '居中'], right: ['Right', '右侧'] },
  },
  hints: { link: ['An http(s) address, a mailto: or a tel: link.', 'http(s) 网址、mailto: 或 tel: 链接。'] },
})

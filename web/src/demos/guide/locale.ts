import { defineLocale } from '../../i18n/define-locale.ts'

export const guideLocale = defineLocale({
  en: {
    title: 'Guide',
    intro: 'A short tour of the back-office: where things are in the navigation bar.',
    start: 'Show the guide',
    steps: {
      hamburger: { title: 'Hamburger', description: 'Opens and closes the sidebar.' },
      breadcrumb: { title: 'Breadcrumb', description: 'Where you are; click a step to go back to it.' },
      search: { title: 'Page search', description: 'Finds a page by its name; press / to open it.' },
      fullscreen: { title: 'Full screen', description: 'Shows the back-office on the whole screen.' },
      size: { title: 'Size', description: 'Makes the components larger or smaller.' },
      tabs: { title: 'Tabs', description: 'The pages you opened; right-click a tab for more actions.' },
    },
  },
  'zh-cn': {
    title: '引导页',
    intro: '后台的简短导览：导航栏中各功能的位置。',
    start: '打开引导',
    steps: {
      hamburger: { title: '汉堡按钮', description: '打开或收起侧边栏。' },
      breadcrumb: { title: '面包屑', description: '当前所在位置，点击可返回上一级。' },
      search: { title: '页面搜索', description: '按名称查找页面，按 / 打开搜索。' },
      fullscreen: { title: '全屏', description: '让后台占满整个屏幕。' },
      size: { title: '布局大小', description: '调整组件的大小。' },
      tabs: { title: '标签栏', description: '已打开的页面，右键标签可进行更多操作。' },
    },
  },
})

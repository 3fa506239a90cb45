import { defineLocale } from '../../i18n/define-locale.ts'

export const tabLocale = defineLocale({
  en: {
    title: 'Tab',
    intro:
      'Each pane is created when its tab is first opened and kept alive after: type something, switch tabs and come back.',
    created: 'Created at {{time}}',
    type: 'Type something',
    panes: { cn: 'China', us: 'USA', jp: 'Japan', eu: 'Eurozone' },
  },
  'zh-cn': {
    title: '标签页',
    intro: '每个面板在首次打开其标签时创建，之后保持：输入一些内容，切换标签再回来看看。',
    created: '创建于 {{time}}',
    type: '输入一些内容',
    panes: { cn: '中国', us: '美国', jp: '日本', eu: '欧元区' },
  },
})

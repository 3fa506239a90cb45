import { defineLocale } from '../../i18n/define-locale.ts'

export const chartsLocale = defineLocale({
  en: {
    titles: { area: 'Charts', bar: 'Bar Chart', line: 'Line Chart', mixed: 'Mixed Chart' },
    intro: 'The chart takes the theme colour and resizes with the window.',
    month: 'Month {{n}}',
    views: 'Views',
    orders: 'Orders',
    rate: 'Conversion',
  },
  'zh-cn': {
    titles: { area: '图表', bar: '柱状图', line: '折线图', mixed: '混合图表' },
    intro: '图表使用主题色，并随窗口大小调整。',
    month: '{{n}}月',
    views: '播放量',
    orders: '订单',
    rate: '转化率',
  },
})

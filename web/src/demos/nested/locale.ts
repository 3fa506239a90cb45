import { defineLocale } from '../../i18n/define-locale.ts'

export const nestedLocale = defineLocale({
  en: {
    titles: {
      nested: 'Nested Routes',
      menu1: 'Menu 1',
      'menu1-1': 'Menu 1-1',
      'menu1-2': 'Menu 1-2',
      'menu1-2-1': 'Menu 1-2-1',
      'menu1-2-2': 'Menu 1-2-2',
      'menu1-3': 'Menu 1-3',
      menu2: 'Menu 2',
    },
    intro: 'Pages nested up to three levels, each kept alive by the tabs like any other page.',
    level: 'Level {{n}} of the nesting',
    keep: 'Type here, open another level and come back: the text is still here.',
  },
  'zh-cn': {
    titles: {
      nested: '路由嵌套',
      menu1: '菜单 1',
      'menu1-1': '菜单 1-1',
      'menu1-2': '菜单 1-2',
      'menu1-2-1': '菜单 1-2-1',
      'menu1-2-2': '菜单 1-2-2',
      'menu1-3': '菜单 1-3',
      menu2: '菜单 2',
    },
    intro: '最多三级嵌套的页面，每一级都像其他页面一样由标签页保持状态。',
    level: '第 {{n}} 级嵌套',
    keep: '在此输入，打开其他层级后再回来：内容仍然保留。',
  },
})

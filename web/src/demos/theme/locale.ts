import { defineLocale } from '../../i18n/define-locale.ts'

export const themeLocale = defineLocale({
  en: {
    title: 'Theme',
    intro: 'Pick a colour: the whole back-office takes it, as with the settings drawer, and keeps it.',
    preset: 'Theme colour {{color}}',
    primary: 'Primary',
    default: 'Default',
    dashed: 'Dashed',
    link: 'Link',
    tag: 'Tag',
    switch: 'A switch',
    slider: 'A slider',
    progress: 'Progress',
    note: 'The colour is the same setting as in the settings drawer.',
  },
  'zh-cn': {
    title: '换肤',
    intro: '选择一种颜色：整个后台随之改变（与设置面板相同），并会记住。',
    preset: '主题色 {{color}}',
    primary: '主要按钮',
    default: '默认按钮',
    dashed: '虚线按钮',
    link: '链接按钮',
    tag: '标签',
    switch: '开关',
    slider: '滑块',
    progress: '进度',
    note: '此颜色与设置面板中的主题色是同一设置。',
  },
})

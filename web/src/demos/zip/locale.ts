import { defineLocale } from '../../i18n/define-locale.ts'

export const zipLocale = defineLocale({
  en: {
    area: 'Zip',
    title: 'Export Zip',
    intro: 'The table is written as a text file and packed into a zip archive with the name you give.',
    download: 'Download zip',
  },
  'zh-cn': {
    area: 'Zip',
    title: '导出 Zip',
    intro: '表格内容写成文本文件，打包为以所填名称命名的 zip 压缩包。',
    download: '下载 zip',
  },
})

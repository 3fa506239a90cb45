import { defineLocale } from '../../i18n/define-locale.ts'

export const demoSharedLocale = defineLocale({
  en: {
    columns: { id: 'ID', name: 'Name', type: 'Type', created_at: 'Created at' },
    fileName: 'File name',
    fileNamePlaceholder: 'Name of the file (tags by default)',
  },
  'zh-cn': {
    columns: { id: '序号', name: '名称', type: '类型', created_at: '创建时间' },
    fileName: '文件名',
    fileNamePlaceholder: '文件名（默认为 tags）',
  },
})

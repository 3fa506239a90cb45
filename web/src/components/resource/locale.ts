import { defineLocale } from '../../i18n/define-locale.ts'

/** Strings of the shared list and form screens; each resource adds its own under its name. */
export const resourceLocale = defineLocale({
  en: {
    create: 'Create',
    edit: 'Edit',
    delete: 'Delete',
    deleteConfirm: 'Delete this record?',
    deleted: 'Deleted',
    save: 'Save',
    saved: 'Saved',
    cancel: 'Cancel',
    back: 'Back',
    search: 'Search',
    keyword: 'Keyword',
    actions: 'Actions',
    total: '{{count}} in total',
    totalAbout: 'About {{count}}',
    notFound: 'This record does not exist.',
  },
  'zh-cn': {
    create: '新建',
    edit: '编辑',
    delete: '删除',
    deleteConfirm: '确定删除这条记录吗？',
    deleted: '删除成功',
    save: '保存',
    saved: '保存成功',
    cancel: '取消',
    back: '返回',
    search: '搜索',
    keyword: '关键词',
    actions: '操作',
    total: '共 {{count}} 条',
    totalAbout: '约 {{count}} 条',
    notFound: '该记录不存在。',
  },
})

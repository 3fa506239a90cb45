import { defineLocale } from '../../i18n/define-locale.ts'

export const exampleLocale = defineLocale({
  en: {
    titles: { area: 'Example', list: 'Article List', create: 'Create Article', edit: 'Edit Article' },
    intro: 'Articles from the server, newest first; open one to edit it, or create a new one.',
    saveDraft: 'Save as draft',
    published: 'The article is published.',
    drafted: 'The article is saved as a draft.',
    notAllowed: 'Saving articles needs the permission {{permission}}.',
  },
  'zh-cn': {
    titles: { area: '综合实例', list: '文章列表', create: '创建文章', edit: '编辑文章' },
    intro: '来自服务器的文章，最新的在前；点击进入编辑，或新建一篇。',
    saveDraft: '保存草稿',
    published: '文章已发布。',
    drafted: '文章已保存为草稿。',
    notAllowed: '保存文章需要 {{permission}} 权限。',
  },
})

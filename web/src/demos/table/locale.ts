import { defineLocale } from '../../i18n/define-locale.ts'

export const tableLocale = defineLocale({
  en: {
    titles: {
      area: 'Table',
      dynamic: 'Dynamic Table',
      draggable: 'Drag Table',
      inlineEdit: 'Inline Edit',
      complex: 'Complex Table',
    },
    intro: {
      dynamic: 'Tick the columns to show; the header can stay fixed while the rows scroll.',
      draggable: 'Drag a row by its handle to reorder the table; the original and new order show below.',
      inlineEdit: 'Edit a title in its row: Save sends it to the server, Cancel puts the original back.',
      complex:
        'Filter, sort and page on the server; create and edit in a dialog, publish, delete and export the page.',
    },
    fixedHeader: 'Fixed header',
    drag: 'Drag',
    originalOrder: 'Original order',
    newOrder: 'New order',
    restored: 'The title is back to its original value.',
    sort: 'Sort',
    idAscending: 'ID ascending',
    idDescending: 'ID descending',
    exportXlsx: 'Export xlsx',
    exportCsv: 'Export CSV',
    showAuthor: 'Show the author',
    readings: '“{{title}}” was read {{count}} times.',
  },
  'zh-cn': {
    titles: {
      area: '表格',
      dynamic: '动态表格',
      draggable: '拖拽表格',
      inlineEdit: '表格内编辑',
      complex: '综合表格',
    },
    intro: {
      dynamic: '勾选要显示的列；可固定表头，只滚动表格内容。',
      draggable: '按住行首的拖动手柄调整顺序，下方显示原始顺序和新顺序。',
      inlineEdit: '在行内编辑标题：保存提交到服务器，取消则恢复原值。',
      complex: '在服务器端筛选、排序和分页；在对话框中新建和编辑，发布、删除并导出当前页。',
    },
    fixedHeader: '固定表头',
    drag: '拖动',
    originalOrder: '原始顺序',
    newOrder: '新顺序',
    restored: '标题已恢复为原值。',
    sort: '排序',
    idAscending: '按 ID 升序',
    idDescending: '按 ID 降序',
    exportXlsx: '导出 xlsx',
    exportCsv: '导出 CSV',
    showAuthor: '显示作者',
    readings: '“{{title}}”已被阅读 {{count}} 次。',
  },
})

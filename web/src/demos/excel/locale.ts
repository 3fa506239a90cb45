import { defineLocale } from '../../i18n/define-locale.ts'

export const excelLocale = defineLocale({
  en: {
    titles: {
      area: 'Excel',
      exportExcel: 'Export Excel',
      exportSelected: 'Export Selected',
      exportMergeHeader: 'Merge Header',
      uploadExcel: 'Upload Excel',
    },
    intro: {
      exportExcel: 'The tags as a spreadsheet: choose the file name, column width and file type.',
      exportSelected: 'Only the rows ticked in the table go into the file.',
      exportMergeHeader: 'The file has a two-row header with merged cells, as the table shows it.',
      uploadExcel: 'An .xlsx file is read in the browser and shown below; nothing is sent to the server.',
    },
    autoWidth: 'Auto column width',
    export: 'Export',
    selected: '{{count}} rows selected',
    tagGroup: 'Tag',
    drop: 'Drop an .xlsx file here, or click to pick one',
    limit: 'Files up to 1 MB',
    tooLarge: 'The file is larger than 1 MB.',
    unreadable: 'The file could not be read as an .xlsx spreadsheet.',
  },
  'zh-cn': {
    titles: {
      area: 'Excel',
      exportExcel: '导出 Excel',
      exportSelected: '导出已选择项',
      exportMergeHeader: '导出多级表头',
      uploadExcel: '上传 Excel',
    },
    intro: {
      exportExcel: '把标签导出为表格：可选文件名、列宽和文件类型。',
      exportSelected: '只有表格中勾选的行会写入文件。',
      exportMergeHeader: '文件带有两行合并的表头，与表格显示一致。',
      uploadExcel: '在浏览器中读取 .xlsx 文件并显示在下方，不会发送到服务器。',
    },
    autoWidth: '自动列宽',
    export: '导出',
    selected: '已选择 {{count}} 行',
    tagGroup: '标签',
    drop: '将 .xlsx 文件拖到此处，或点击选择',
    limit: '文件不超过 1 MB',
    tooLarge: '文件超过 1 MB。',
    unreadable: '无法将该文件读取为 .xlsx 表格。',
  },
})

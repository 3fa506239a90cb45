import { defineLocale } from '../../i18n/define-locale.ts'

export const pdfLocale = defineLocale({
  en: {
    area: 'PDF',
    title: 'PDF',
    print: 'Print or save as PDF',
    articleTitle: 'A printable article',
    // Chinese kept in both languages: the page shows that it prints intact.
    paragraphs: {
      one: 'This page is laid out for paper. The print button opens the browser’s print dialog, where the article can be printed or saved as a PDF; the menu, the navigation bar and the tabs are left out.',
      two: '中文内容同样可以完整打印：视频订阅业务的后台管理系统，为运营人员提供内容、用户与订单的管理。',
      three:
        'The text is printed as text, not as a picture, so it stays sharp and can be searched and copied in the PDF.',
    },
  },
  'zh-cn': {
    area: 'PDF',
    title: 'PDF',
    print: '打印或保存为 PDF',
    articleTitle: '可打印的文章',
    paragraphs: {
      one: '本页面按纸张排版。点击打印按钮会打开浏览器的打印对话框，可以直接打印，也可以保存为 PDF；菜单、导航栏和标签页不会出现在打印结果中。',
      two: '中文内容同样可以完整打印：视频订阅业务的后台管理系统，为运营人员提供内容、用户与订单的管理。',
      three: '文字以文字形式输出而不是图片，因此在 PDF 中清晰、可搜索、可复制。',
    },
  },
})

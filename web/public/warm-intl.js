// Started by boot.js on a signed-in cold load, in a worker: the page's first Intl number format costs 50-150 ms
// (ICU loads its number data and the language's), which fell on the main thread just before the first figure.
// ICU keeps what it loaded for the whole process, so the page's own formats (figure-format.ts, format.ts) find
// it loaded; here it is loaded on another core meanwhile. The formats the figures use, in the page's language.
const language = self.location.hash.slice(1) || 'zh-CN'
new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 20 }).format('1.5')
new Intl.NumberFormat(language).format(1)
self.close()

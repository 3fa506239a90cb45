import type { ComponentType } from 'react'

/**
 * A demo screen by its file under demos/ ("excel/ExportExcelPage"). The import calls of the demo screens
 * live in one lazily loaded module (pages.ts), not in the route table: the table is in the first
 * screen's bundle, and each import() written there would add its chunk list to it.
 */
export const demoPage =
  (file: string): (() => Promise<{ default: ComponentType }>) =>
  () =>
    import('../pages.ts').then(({ loadDemoPage }) => loadDemoPage(file))

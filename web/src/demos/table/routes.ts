import { demoPage } from '../shared/demo-page.ts'
import { demoArea } from '../shared/demo-route.ts'

const title = (key: string) => `demos.table.titles.${key}`

/** The template's tables, all on the articles API (spec section 2's paths, capitals and underscores kept). */
export const tableRoutes = [
  demoArea('/table', title('area'), [
    { path: '/table/dynamic-table', titleKey: title('dynamic'), page: demoPage('table/DynamicTablePage') },
    {
      path: '/table/Draggable_table',
      titleKey: title('draggable'),
      page: demoPage('table/DraggableTablePage'),
    },
    {
      path: '/table/Inline_edit_table',
      titleKey: title('inlineEdit'),
      page: demoPage('table/InlineEditTablePage'),
    },
    { path: '/table/Complex_table', titleKey: title('complex'), page: demoPage('table/ComplexTablePage') },
  ]),
]

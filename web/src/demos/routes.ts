import type { AppRoute } from '../base/route-types.ts'
import { chartsRoutes } from './charts/routes.ts'
import { clipboardRoutes } from './clipboard/routes.ts'
import { componentsRoutes } from './components/routes.ts'
import { exampleRoutes } from './example/routes.ts'
import { excelRoutes } from './excel/routes.ts'
import { guideRoutes } from './guide/routes.ts'
import { nestedRoutes } from './nested/routes.ts'
import { pdfRoutes } from './pdf/routes.ts'
import { tabRoutes } from './tab/routes.ts'
import { tableRoutes } from './table/routes.ts'
import { themeRoutes } from './theme/routes.ts'
import { zipRoutes } from './zip/routes.ts'

/**
 * The template's demo pages (spec section 2, "Hidden demo routes"): out of the menu, open to any
 * logged-in admin, found by the menu search. One line per area; an area's screens and titles live in its
 * folder's routes.ts, its strings in its locale.ts (listed in ./locales.ts).
 */
export const demoRoutes: AppRoute[] = [
  ...excelRoutes,
  ...zipRoutes,
  ...pdfRoutes,
  ...componentsRoutes,
  ...chartsRoutes,
  ...tabRoutes,
  ...themeRoutes,
  ...clipboardRoutes,
  ...guideRoutes,
  ...nestedRoutes,
  ...tableRoutes,
  ...exampleRoutes,
]

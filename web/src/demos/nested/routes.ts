import type { AppRoute } from '../../base/route-types.ts'
import { demoPage } from '../shared/demo-page.ts'
import { demoArea } from '../shared/demo-route.ts'

const page = demoPage('nested/NestedPage')
const title = (level: string) => `demos.nested.titles.${level}`
const leaf = (path: string, level: string): AppRoute => ({ path, meta: { titleKey: title(level) }, page })

/** menu1 -> menu1-1, menu1-2 (-> menu1-2-1, menu1-2-2), menu1-3; and menu2: three levels deep. */
export const nestedRoutes = [
  demoArea('/nested', title('nested'), [
    {
      path: '/nested/menu1',
      redirect: '/nested/menu1/menu1-1',
      meta: { titleKey: title('menu1') },
      children: [
        leaf('/nested/menu1/menu1-1', 'menu1-1'),
        {
          path: '/nested/menu1/menu1-2',
          redirect: '/nested/menu1/menu1-2/menu1-2-1',
          meta: { titleKey: title('menu1-2') },
          children: [
            leaf('/nested/menu1/menu1-2/menu1-2-1', 'menu1-2-1'),
            leaf('/nested/menu1/menu1-2/menu1-2-2', 'menu1-2-2'),
          ],
        },
        leaf('/nested/menu1/menu1-3', 'menu1-3'),
      ],
    },
    leaf('/nested/menu2', 'menu2'),
  ]),
]

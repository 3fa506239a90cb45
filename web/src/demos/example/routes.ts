import { demoPage } from '../shared/demo-page.ts'
import { demoArea } from '../shared/demo-route.ts'

const title = (key: string) => `demos.example.titles.${key}`

/** The template's article example: a list, and the editor to create or edit (the list's menu item lit). */
export const exampleRoutes = [
  demoArea('/example', title('area'), [
    { path: '/example/list', titleKey: title('list'), page: demoPage('example/ArticleListPage') },
    { path: '/example/create', titleKey: title('create'), page: demoPage('example/ArticleCreatePage') },
    {
      path: '/example/edit/:id',
      meta: { titleKey: title('edit'), activeMenu: '/example/list' },
      page: demoPage('example/ArticleEditPage'),
    },
  ]),
]

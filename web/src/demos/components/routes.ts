import { demoArea } from '../shared/demo-route.ts'

const title = (key: string) => `demos.components.titles.${key}`

export const componentsRoutes = [
  demoArea('/components', title('area'), [
    {
      path: '/components/back-to-top',
      titleKey: title('backToTop'),
      page: () => import('./BackToTopPage.tsx'),
    },
    { path: '/components/count-to', titleKey: title('countTo'), page: () => import('./CountToPage.tsx') },
    { path: '/components/sticky', titleKey: title('sticky'), page: () => import('./StickyPage.tsx') },
    {
      path: '/components/componentMixin',
      titleKey: title('componentMixin'),
      page: () => import('./ComponentMixinPage.tsx'),
    },
    {
      path: '/components/draggable-dialog',
      titleKey: title('draggableDialog'),
      page: () => import('./DraggableDialogPage.tsx'),
    },
    {
      path: '/components/draggable-kanban',
      titleKey: title('draggableKanban'),
      page: () => import('./DraggableKanbanPage.tsx'),
    },
    {
      path: '/components/draggable-list',
      titleKey: title('draggableList'),
      page: () => import('./DraggableListPage.tsx'),
    },
    {
      path: '/components/draggable-select',
      titleKey: title('draggableSelect'),
      page: () => import('./DraggableSelectPage.tsx'),
    },
  ]),
]

import { demoPage } from '../shared/demo-page.ts'
import { demoArea } from '../shared/demo-route.ts'

const title = (key: string) => `demos.components.titles.${key}`

export const componentsRoutes = [
  demoArea('/components', title('area'), [
    { path: '/components/tinymce', titleKey: title('tinymce'), page: demoPage('components/TinymcePage') },
    {
      path: '/components/back-to-top',
      titleKey: title('backToTop'),
      page: demoPage('components/BackToTopPage'),
    },
    { path: '/components/count-to', titleKey: title('countTo'), page: demoPage('components/CountToPage') },
    { path: '/components/sticky', titleKey: title('sticky'), page: demoPage('components/StickyPage') },
    {
      path: '/components/componentMixin',
      titleKey: title('componentMixin'),
      page: demoPage('components/ComponentMixinPage'),
    },
    {
      path: '/components/draggable-dialog',
      titleKey: title('draggableDialog'),
      page: demoPage('components/DraggableDialogPage'),
    },
    {
      path: '/components/draggable-kanban',
      titleKey: title('draggableKanban'),
      page: demoPage('components/DraggableKanbanPage'),
    },
    {
      path: '/components/draggable-list',
      titleKey: title('draggableList'),
      page: demoPage('components/DraggableListPage'),
    },
    {
      path: '/components/draggable-select',
      titleKey: title('draggableSelect'),
      page: demoPage('components/DraggableSelectPage'),
    },
  ]),
]

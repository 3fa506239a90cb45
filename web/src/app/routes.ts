import { DashboardOutlined } from '@ant-design/icons'
import { resourceRoutes } from '../components/resource/define-resource.ts'
import { demoRoutes } from '../demos/routes.ts'
import LoginPage from '../features/login/LoginPage.tsx'
import { resources } from '../resources/index.ts'
import type { AppRoute } from './route-types.ts'

/**
 * The one route table. Public routes render on their own; the rest render inside the shell and are
 * granted by permissions (app/permission-match.ts). Menu order is table order.
 */
export const publicRoutes: AppRoute[] = [
  {
    path: '/login',
    meta: { titleKey: 'login.title', public: true, hidden: true },
    // In the entry chunk: the first screen of most visits shows without a second round trip.
    page: async () => ({ default: LoginPage }),
  },
  {
    path: '/auth-redirect',
    meta: { titleKey: 'login.title', public: true, hidden: true },
    page: () => import('../features/login/AuthRedirectPage.tsx'),
  },
  {
    path: '/404',
    meta: { titleKey: 'errors.notFound.title', public: true, hidden: true },
    page: () => import('../features/errors/NotFoundPage.tsx'),
  },
  {
    path: '/401',
    meta: { titleKey: 'errors.unauthorized.title', public: true, hidden: true },
    page: () => import('../features/errors/UnauthorizedPage.tsx'),
  },
]

export const shellRoutes: AppRoute[] = [
  {
    path: '/',
    redirect: '/dashboard',
    meta: { titleKey: 'dashboard.title', hidden: true, breadcrumb: false },
  },
  {
    path: '/dashboard',
    meta: { titleKey: 'dashboard.title', icon: DashboardOutlined, affix: true },
    page: () => import('../features/dashboard/DashboardPage.tsx'),
  },
  {
    // Re-enters the given path; a tab's Refresh goes through it.
    path: '/redirect/*',
    meta: { titleKey: 'common.redirecting', hidden: true, breadcrumb: false, noCache: true },
    page: () => import('../shell/RedirectPage.tsx'),
  },
  {
    path: '/profile',
    redirect: '/profile/index',
    meta: { titleKey: 'profile.title', hidden: true, breadcrumb: false },
    children: [
      {
        path: '/profile/index',
        meta: { titleKey: 'profile.title', hidden: true, noCache: true },
        page: () => import('../features/profile/ProfilePage.tsx'),
      },
    ],
  },
  ...resourceRoutes(resources),
  ...demoRoutes,
]

import type { AppRoute } from '../base/route-types.ts'
import LoginPage from '../features/login/LoginPage.tsx'

/**
 * The routes reachable without a session: they render on their own, outside the shell. The login screen is
 * in the entry chunk (the first screen of most visits shows without a second round trip); nothing here
 * imports the shell or any resource, so the login screen loads none of them.
 */
export const publicRoutes: AppRoute[] = [
  {
    path: '/login',
    meta: { titleKey: 'login.title', public: true, hidden: true },
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

const publicPaths = new Set(publicRoutes.map((route) => route.path))

/** Public paths, and anything under /4 (error pages), pass without a session (spec section 4). */
export const isPublicPath = (pathname: string): boolean =>
  publicPaths.has(pathname) || pathname.startsWith('/4')

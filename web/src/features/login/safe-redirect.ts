/** Where to go after login: the guard's `redirect` query when it is an in-app path, else the root. */
export function safeRedirect(target: string | null): string {
  if (!target?.startsWith('/') || target.startsWith('//') || target.startsWith('/login')) return '/'
  return target
}

import './shell.ts'
import { QueryClientProvider } from '@tanstack/react-query'
import Layout from '../shell/Layout.tsx'
import { usePermissionRefresh } from './permission-refresh.ts'
import { queryClient } from './query-client.ts'

/**
 * The signed-in frame as the app puts it together, loaded after login: the shell's layout with its strings and
 * route table (app/shell.ts), the server state of its screens, and permissions asked again on focus and on a 403.
 */
export default function SignedIn() {
  usePermissionRefresh(queryClient)
  return (
    <QueryClientProvider client={queryClient}>
      <Layout />
    </QueryClientProvider>
  )
}

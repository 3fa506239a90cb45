import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query'
import { ApiError } from '../api/http.ts'
import { refreshPermissions } from './permission-refresh.ts'

/** A 403 means the admin's permissions changed since they were read: read them again (menu, buttons). */
const onError = (error: Error) => {
  if (error instanceof ApiError && error.status === 403) void refreshPermissions()
}

/** Server state for the shell's screens. A 4xx will not change on retry; a dropped connection might. */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError }),
  mutationCache: new MutationCache({ onError }),
  defaultOptions: {
    queries: {
      retry: (failures, error) =>
        failures < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      refetchOnWindowFocus: false,
    },
  },
})

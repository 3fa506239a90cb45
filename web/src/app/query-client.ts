import { QueryClient } from '@tanstack/react-query'
import { ApiError } from '../api/http.ts'

/** Server state for the shell's screens. A 4xx will not change on retry; a dropped connection might. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (failures, error) =>
        failures < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      refetchOnWindowFocus: false,
    },
  },
})

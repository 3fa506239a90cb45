import { configureHttp } from '../api/http.ts'
import { useApp } from '../stores/app.ts'
import { sessionLost, useSession } from '../stores/session.ts'

/** Hands the HTTP module what it needs from the app: it imports nothing above `api/` itself. */
configureHttp({
  token: () => useSession.getState().token,
  language: () => useApp.getState().language,
  onUnauthorized: sessionLost,
})

import type { ApiModule } from '../types.ts'
import { scheduledChangesResource } from './index.ts'
import { startScheduledChanges } from './runner.ts'

/** /api/scheduled-changes, and this process's runner of the due ones (docs/scheduled-changes.md). */
export const scheduledChangesModule: ApiModule = async (app, options) => {
  await scheduledChangesResource(app, options)
  startScheduledChanges(app, options.db, options.presence, options.config.scheduledChangesIntervalMs)
}

import { createSlots } from '../../lib/slots.ts'
import { economicsExportRoutes } from '../economics/export.ts'
import { economicsRestatementRoutes } from '../economics/restatements-route.ts'
import { economicsRoutes } from '../economics/routes.ts'
import type { ApiModule } from '../types.ts'
import { dashboardRoutes } from './dashboard.ts'
import { exportRoutes } from './export.ts'
import { watchFigures } from './fold-metrics.ts'
import { keepFigures } from './keeping/index.ts'
import { figuresUnkept } from './keeping/unkept.ts'
import { analyticsReads } from './read-target.ts'
import { recentAnswers } from './recent-answers.ts'
import { restatementRoutes } from './restatements-route.ts'
import { analyticsRoutes } from './routes.ts'
import { scheduleAnalyticsUpkeep } from './upkeep.ts'

/**
 * The dashboard and the analytics (spec sections 2 and 7, docs/analytics.md): figures read from rollups
 * kept from every committed change of the member site (keeping/), cut into business days of
 * BUSINESS_TIME_ZONE at read time.
 */
export const analyticsModule: ApiModule = async (app, { db, reads, config }) => {
  // At most ANALYTICS_CONCURRENCY calls at once in this process, 32 more waiting in line (a screen asks four
  // or five at once), so heavy periods never take the connections and CPU lists need.
  const slots = createSlots({ limit: config.analyticsConcurrency, queue: 32, busy: 'errors.analytics_busy' })
  const keeping = keepFigures(app, db, config)
  const options = {
    db,
    reads: analyticsReads(app, db, reads === db ? null : reads, config.analyticsMaxLagSeconds),
    slots,
    answers: recentAnswers(db, config.analyticsRecentMs),
    zone: config.businessTimeZone,
    figuresKept: () => keeping.unkept() === null,
  }
  await dashboardRoutes(app, options)
  await analyticsRoutes(app, options)
  await exportRoutes(app, options)
  await restatementRoutes(app, options)
  await economicsRoutes(app, options, () => config.businessTimeZone)
  await economicsExportRoutes(app, options, () => config.businessTimeZone)
  await economicsRestatementRoutes(app, options)
  scheduleAnalyticsUpkeep(app, db, config.businessTimeZone, config.visitRetentionDays)
  // After the caller's permission (onRequest): who may not read the figures is not told about the database.
  app.addHook('preHandler', async (request) => {
    const gap = request.routeOptions.config.figures ? keeping.unkept() : null
    if (gap) throw figuresUnkept(gap)
  })
  watchFigures(app, db, slots)
}

import { AnalyticsPage } from './AnalyticsPage.tsx'
import { analyticsScreens } from './screens.ts'

export default function RevenuePage() {
  return <AnalyticsPage screen={analyticsScreens.revenue} />
}

import { AnalyticsPage } from './AnalyticsPage.tsx'
import { analyticsScreens } from './screens.ts'

export default function RefundStatisticsPage() {
  return <AnalyticsPage screen={analyticsScreens.refundStatistics} />
}

import { AnalyticsPage } from './AnalyticsPage.tsx'
import { analyticsScreens } from './screens.ts'

export default function DailyDataPage() {
  return <AnalyticsPage screen={analyticsScreens.dailyData} />
}

import { AnalyticsPage } from './AnalyticsPage.tsx'
import { analyticsScreens } from './screens.ts'

export default function ChannelPage() {
  return <AnalyticsPage screen={analyticsScreens.channel} />
}

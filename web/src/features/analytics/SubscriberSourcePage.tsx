import { AnalyticsPage } from './AnalyticsPage.tsx'
import { analyticsScreens } from './screens.ts'

export default function SubscriberSourcePage() {
  return <AnalyticsPage screen={analyticsScreens.subscriberSource} />
}

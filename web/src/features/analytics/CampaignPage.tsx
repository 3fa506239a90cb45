import { AnalyticsPage } from './AnalyticsPage.tsx'
import { analyticsScreens } from './screens.ts'

export default function CampaignPage() {
  return <AnalyticsPage screen={analyticsScreens.campaign} />
}

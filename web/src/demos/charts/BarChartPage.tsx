import { ChartPage } from './ChartPage.tsx'
import { barOption } from './options.ts'

export default function BarChartPage() {
  return <ChartPage kind="bar" option={barOption} />
}

import { ChartPage } from './ChartPage.tsx'
import { lineOption } from './options.ts'

export default function LineChartPage() {
  return <ChartPage kind="line" option={lineOption} />
}

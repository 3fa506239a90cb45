import { ChartPage } from './ChartPage.tsx'
import { mixedOption } from './options.ts'

export default function MixedChartPage() {
  return <ChartPage kind="mixed" option={mixedOption} />
}

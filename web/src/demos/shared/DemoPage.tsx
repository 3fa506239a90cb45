import { Card, Typography } from 'antd'
import type { ReactNode } from 'react'

/** The frame of a demo page: its title, a line on what it shows, then the demo. */
export function DemoPage({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  return (
    <Card title={title}>
      {intro && <Typography.Paragraph type="secondary">{intro}</Typography.Paragraph>}
      {children}
    </Card>
  )
}

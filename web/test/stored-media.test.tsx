import { cleanup, render, screen } from '@testing-library/react'
import { describeField } from '@vod/contract/fields'
import { cooperationRecord } from '@vod/contract/resources/cooperations'
import { userRecord } from '@vod/contract/resources/members'
import { supportRecord } from '@vod/contract/resources/supports'
import { videoRecord } from '@vod/contract/resources/videos'
import { afterEach, describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { FieldValue } from '../src/components/resource/Display.tsx'

afterEach(cleanup)

/** Media fields of each upload route: an attachment, an image, a video. */
const fields: [string, z.ZodObject, string][] = [
  ['supports', supportRecord, 'attachment'],
  ['cooperations', cooperationRecord, 'attachment'],
  ['users', userRecord, 'avatar'],
  ['videos', videoRecord, 'trailer'],
]

/** Issue 34, item 3: what the member site stored where a file's address belongs is text, never a link. */
describe('stored media the API would refuse', () => {
  const cases = fields.flatMap(([labels, record, field]) =>
    ['javascript:alert(1)', 'invoice.pdf', '<script>alert(1)</script>', ' /uploads/a.png'].map(
      (value) => [labels, field, value, record] as const,
    ),
  )
  it.each(cases)('%s.%s shows %s as text', (labels, field, value, record) => {
    const info = describeField(record.shape[field] as z.ZodType)
    const { container } = render(<FieldValue field={field} info={info} value={value} labels={labels} />)
    expect(screen.getByTestId(`${field}-text`).textContent).toBe(value)
    expect(container.querySelector('a, img, video')).toBeNull()
  })

  it.each(fields)('%s: an upload or an http(s) address stays a link', (labels, record, field) => {
    const info = describeField(record.shape[field] as z.ZodType)
    for (const value of ['/uploads/files/a.pdf', 'https://cdn.example.com/a.png']) {
      const { container } = render(<FieldValue field={field} info={info} value={value} labels={labels} />)
      expect(container.querySelector('a')?.getAttribute('href')).toBe(value)
      cleanup()
    }
  })
})

import { act, cleanup, render, screen } from '@testing-library/react'
import type { Video } from '@vod/contract/resources/videos'
import type { TFunction } from 'i18next'
import type { ReactNode } from 'react'
import { afterEach, expect, it } from 'vitest'
import { formatDateTime } from '../src/components/resource/format.ts'
import { addLocales, i18n } from '../src/i18n/index.ts'
import { videos } from '../src/resources/videos/index.ts'
import { videosLocale } from '../src/resources/videos/locale.ts'
import { useApp } from '../src/stores/app.ts'

addLocales({ videos: videosLocale })
afterEach(() => {
  cleanup()
  act(() => useApp.getState().setLanguage('en'))
})

type Rendered = { field: string; render?: (video: Video, t: TFunction) => ReactNode }
/** The video screen's own rendering of a field: its page's item, or its list's column. */
const rendering = (items: readonly unknown[] | undefined, field: string) => {
  const item = items?.find((one) => typeof one === 'object' && (one as Rendered).field === field) as Rendered
  expect(item?.render).toBeDefined()
  return (video: Video) =>
    render(<div data-testid={field}>{item.render?.(video, i18n.t.bind(i18n) as TFunction)}</div>)
}

const published = {
  status: 'published',
  published_at: '2026-09-01T08:00:00.000Z',
  taken_down_at: null,
  taken_down_by: null,
  takedown_reason: null,
} as unknown as Video
const takenDown = {
  ...published,
  status: 'draft',
  taken_down_at: '2026-11-20T03:04:05.000Z',
  taken_down_by: 'legal-desk',
  takedown_reason: 'DMCA notice #77',
} as Video

it("shows a taken-down video's page in Chinese: taken down, when, by whom and why, and no publish time", () => {
  act(() => useApp.getState().setLanguage('zh-cn'))
  rendering(videos.show?.items, 'status')(takenDown)
  expect(screen.getByTestId('video-taken-down').textContent).toBe('已下架')
  expect(screen.getByTestId('video-takedown-by').textContent).toBe(
    `legal-desk 于 ${formatDateTime(takenDown.taken_down_at)} 下架`,
  )
  expect(screen.getByTestId('video-takedown-reason').textContent).toBe('原因：DMCA notice #77')
  rendering(videos.show?.items, 'published_at')(takenDown)
  expect(screen.getByTestId('published_at').textContent).toBe('')
})

it('tells a taken-down video apart in the list, and shows a published one as before', () => {
  const column = rendering(videos.list?.columns, 'status')
  column(takenDown)
  expect(screen.getByTestId('status').textContent).toBe('Taken down')
  expect(screen.queryByTestId('video-takedown-reason')).toBeNull()
  cleanup()
  column(published)
  expect(screen.getByTestId('status').textContent).toBe('Published')
  expect(screen.queryByTestId('video-taken-down')).toBeNull()
  rendering(videos.list?.columns, 'published_at')(published)
  expect(screen.getByTestId('published_at').textContent).toBe(formatDateTime(published.published_at))
})

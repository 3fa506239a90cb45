import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { Block } from '@vod/contract/resources/blocks'
import type { TFunction } from 'i18next'
import type { ReactNode } from 'react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { resourceRoute } from '../src/components/resource/define-resource.ts'
import { formatDateTime } from '../src/components/resource/format.ts'
import { scheduledLocale } from '../src/components/scheduled/locale.ts'
import { addLocales, i18n } from '../src/i18n/index.ts'
import { blocks } from '../src/resources/blocks/index.ts'
import { blocksLocale } from '../src/resources/blocks/locale.ts'
import { useApp } from '../src/stores/app.ts'
import { clearPermissions, setPermissions } from '../src/stores/permission.ts'
import { pendingChange } from './fixtures/scheduled-change.ts'
import { endRenderings, renderRoutes } from './gadgets-render.tsx'

beforeAll(() => {
  addLocales({ scheduled: scheduledLocale, blocks: blocksLocale })
  act(() => useApp.getState().setLanguage('en'))
})
afterEach(async () => {
  await endRenderings()
  vi.restoreAllMocks()
  clearPermissions()
  act(() => useApp.getState().setLanguage('en'))
})

const pending = pendingChange({
  id: 9,
  resource: 'blocks',
  record_id: 5,
  run_at: '2026-12-24T16:00:00.000Z',
})

const block = {
  id: 5,
  title: 'Winter sale',
  description: null,
  type: 'videos',
  page: 'home',
  is_box: 0,
  sort: 10,
  advertisement_id: null,
  advertisement_name: null,
  image: null,
  mobile_image: null,
  link: null,
  videos_count: 0,
  expired_at: '2026-01-01T00:00:00.000Z',
  expired: 1,
  created_at: '2025-11-01T00:00:00.000Z',
  updated_at: '2025-11-01T00:00:00.000Z',
} satisfies Block

/** The API as far as a block's pages ask it: the block, its schedules, and a new one scheduled. */
function serveBlock() {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost')
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
    const listOf = (rows: unknown[]) =>
      json(200, { data: rows, meta: { current_page: 1, per_page: 20, total: rows.length, last_page: 1 } })
    if (url.pathname === '/api/blocks/5') return json(200, { data: { ...block, version: '1' } })
    // Its videos, and its history on the edit page: none.
    if (['/api/blocks/5/videos', '/api/blocks/5/history'].includes(url.pathname)) return listOf([])
    if (url.pathname !== '/api/scheduled-changes') return json(404, { message: 'Not found' })
    if (init?.method === 'POST')
      return json(201, { data: { ...pending, id: 10, ...JSON.parse(String(init.body)) } })
    return listOf([pending])
  })
}

const schedulesAsked = (fetched: ReturnType<typeof serveBlock>, method = 'GET') =>
  fetched.mock.calls
    .filter(([, init]) => (init?.method ?? 'GET') === method)
    .map(([input, init]) => ({ url: new URL(String(input), 'http://localhost'), body: init?.body }))
    .filter(({ url }) => url.pathname === '/api/scheduled-changes')

/** The blocks' screens at their routes (resources/blocks), opened at `url`. */
async function renderBlocks(url: string) {
  const routes = await Promise.all(
    (resourceRoute(blocks).children ?? []).map(async (route) => ({
      path: route.path,
      Component: (await (route.page as NonNullable<typeof route.page>)()).default,
    })),
  )
  return renderRoutes(routes, url)
}

/** Issue 67 item 4: a block, like a banner, is published or taken down ahead from its pages. */
describe("a block's changes scheduled ahead, on its pages", () => {
  it('shows the card on its page to whoever may list and edit blocks: its changes, and a take-down scheduled without a reason', async () => {
    const fetched = serveBlock()
    setPermissions(['list-blocks', 'edit-blocks'])
    await renderBlocks('/blocks/5')
    const card = await screen.findByTestId('record-schedules')
    expect(within(card).getByText('Scheduled changes')).toBeTruthy()
    await waitFor(() => expect(screen.getByTestId('schedule-state-9').textContent).toBe('Pending'))
    expect(within(screen.getByTestId('schedule-row-9')).getByText('Take down')).toBeTruthy()
    const [asked] = schedulesAsked(fetched)
    expect(asked?.url.searchParams.get('resource')).toBe('blocks')
    expect(asked?.url.searchParams.get('record_id')).toBe('5')
    // The page marks the block expired beside its time.
    expect((await screen.findByTestId('expired-5')).textContent).toBe('Expired')

    await userEvent.click(screen.getByTestId('schedule-open'))
    const dialog = (await screen.findAllByRole('dialog')).at(-1) as HTMLElement
    await userEvent.click(within(dialog).getByLabelText('Take down'))
    // A block's take-down is its PUT with `expired_at`, which asks no reason (a video's asks one).
    expect(within(dialog).queryByTestId('schedule-reason')).toBeNull()
    await userEvent.click(screen.getByTestId('schedule-save'))
    await waitFor(() => expect(schedulesAsked(fetched, 'POST')).toHaveLength(1))
    const sent = JSON.parse(String(schedulesAsked(fetched, 'POST')[0]?.body))
    expect(sent).toMatchObject({ resource: 'blocks', record_id: 5, action: 'take_down', reason: null })
    expect(Number.isNaN(Date.parse(sent.run_at))).toBe(false)
  })

  it('shows the card on its edit page too, beside the form with its expiry', async () => {
    serveBlock()
    setPermissions(['list-blocks', 'edit-blocks'])
    await renderBlocks('/blocks/edit/5')
    expect(await screen.findByTestId('record-schedules')).toBeTruthy()
    expect(await screen.findByLabelText('Expires')).toBeTruthy()
  })

  it('is not on the page of one who may list blocks but not edit them, nor are their schedules asked for', async () => {
    const fetched = serveBlock()
    setPermissions(['list-blocks', 'list-banners', 'edit-banners'])
    await renderBlocks('/blocks/5')
    expect((await screen.findByTestId('expired-5')).textContent).toBe('Expired')
    expect(screen.queryByTestId('record-schedules')).toBeNull()
    expect(schedulesAsked(fetched)).toEqual([])
  })
})

type Rendered = { field: string; render?: (block: Block, t: TFunction) => ReactNode }
/** The block screens' own rendering of a field: its page's item, or its list's column. */
const rendering = (items: readonly unknown[] | undefined, field: string) => {
  const item = items?.find((one) => typeof one === 'object' && (one as Rendered).field === field) as Rendered
  expect(item?.render).toBeDefined()
  return (block: Block) =>
    render(<div data-testid={field}>{item.render?.(block, i18n.t.bind(i18n) as TFunction)}</div>)
}

describe("a block's expiry on its list and page", () => {
  const expired = { id: 5, expired_at: '2026-01-01T00:00:00.000Z', expired: 1 } as Block
  const showing = { id: 6, expired_at: '2099-01-01T00:00:00.000Z', expired: 0 } as Block

  it('marks a block past its expired_at on the list and on its page, in both languages', () => {
    for (const items of [blocks.list?.columns, blocks.show?.items]) {
      rendering(items, 'expired_at')(expired)
      expect(screen.getByTestId('expired-5').textContent).toBe('Expired')
      expect(screen.getByTestId('expired_at').textContent).toBe(
        `${formatDateTime(expired.expired_at)}Expired`,
      )
      cleanup()
      rendering(items, 'expired_at')(showing)
      expect(screen.queryByTestId('expired-6')).toBeNull()
      expect(screen.getByTestId('expired_at').textContent).toBe(formatDateTime(showing.expired_at))
      cleanup()
    }
    act(() => useApp.getState().setLanguage('zh-cn'))
    rendering(blocks.list?.columns, 'expired_at')(expired)
    expect(screen.getByTestId('expired-5').textContent).toBe('已过期')
  })
})

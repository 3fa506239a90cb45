import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor } from '@testing-library/react'
import type { AuditLog } from '@vod/contract/resources/audit-logs'
import { act } from 'react'
import { beforeAll, describe, expect, it } from 'vitest'
import { http } from '../src/api/http.ts'
import { ChangeList } from '../src/components/changes/ChangeList.tsx'
import { RecordName } from '../src/components/resource/RecordName.tsx'
import { useApp } from '../src/stores/app.ts'
import { setPermissions } from '../src/stores/permission.ts'
import { serveGadgetScreens } from './gadgets-render.tsx'

const api = serveGadgetScreens()

function renderNames(ids: number[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      {ids.map((id) => (
        <p key={id} data-testid={`name-${id}`}>
          <RecordName resource="tags" id={id} />
        </p>
      ))}
    </QueryClientProvider>,
  )
}

describe('the audit trail names records, not ids', () => {
  it("shows each record by its name, asking for a page's names in one request", async () => {
    setPermissions(['list-tags'])
    renderNames([3, 7, 150])
    await waitFor(() => expect(screen.getByTestId('name-150').textContent).toBe('Tag 150'))
    expect(screen.getByTestId('name-3').textContent).toBe('Tag 3')
    expect(screen.getByTestId('name-7').textContent).toBe('Tag 7')
    const asked = api.requests('GET', '/api/tags')
    expect(asked).toHaveLength(1)
    expect(asked[0]?.query.get('ids')?.split(',').sort()).toEqual(['150', '3', '7'])
  })

  it('shows the id to an admin who may not read the records', () => {
    setPermissions(['list-audit-logs'])
    renderNames([4])
    expect(screen.getByTestId('name-4').textContent).toBe('#4')
    expect(api.requests('GET', '/api/tags')).toHaveLength(0)
  })
})

let entries = 0
/** An entry of the trail as GET /api/audit-logs answers it. */
const entry = (resource: string, action: string, changes: Record<string, unknown>): AuditLog => ({
  id: ++entries,
  admin_id: 1,
  admin_username: 'admin',
  resource,
  record_id: 1,
  action,
  ip: '127.0.0.1',
  changes,
  created_at: '2026-01-02T03:04:05.000Z',
})

function renderChanges(logs: AuditLog[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      {logs.map((log, i) => (
        <div key={log.id} data-testid={`changes-${i}`}>
          <ChangeList entry={log} labels="audit-logs.changeFields" />
        </div>
      ))}
    </QueryClientProvider>,
  )
  return (i: number) =>
    [...screen.getByTestId(`changes-${i}`).querySelectorAll('li')].map((li) => li.textContent)
}

describe("an entry's changes name the records its reference fields name", () => {
  let plan = 0
  beforeAll(async () => {
    const created = await http.post<{ data: { id: number } }>('/plans', {
      body: {
        name: 'Gold yearly',
        initial_period_count: 1,
        initial_period_unit: 'year',
        initial_original_price: '99',
      },
    })
    plan = created.data.id
  })

  it("shows a member's plan, and a video's tags, by name: one request a resource", async () => {
    setPermissions(['list-audit-logs', 'list-plans', 'list-tags'])
    const lines = renderChanges([
      entry('users', 'update', { plan_id: [null, plan], first_name: ['Al', 'Alice'] }),
      entry('videos', 'update', { tag_ids: [[1], [1, 150]] }),
      entry('videos', 'create', { tag_ids: [3], title: 'Pilot' }),
    ])
    await waitFor(() => expect(lines(0)[0]).toBe('Plan: (empty) → Gold yearly'))
    expect(lines(0)[1]).toBe('First name: Al → Alice')
    await waitFor(() => expect(lines(1)).toEqual(['Tags: Tag 1 → Tag 1, Tag 150']))
    await waitFor(() => expect(lines(2)).toEqual(['Tags: Tag 3', 'Title: Pilot']))
    expect(api.requests('GET', '/api/plans')).toHaveLength(1)
    const asked = api.requests('GET', '/api/tags')
    expect(asked).toHaveLength(1)
    expect(asked[0]?.query.get('ids')?.split(',').sort()).toEqual(['1', '150', '3'])
  })

  it('shows ids where the admin may not read the records, and in Chinese', async () => {
    setPermissions(['list-audit-logs', 'list-tags'])
    act(() => useApp.getState().setLanguage('zh-cn'))
    try {
      const lines = renderChanges([entry('users', 'update', { plan_id: [plan, null] })])
      expect(lines(0)).toEqual([`套餐: #${plan} → （空）`])
      expect(api.requests('GET', '/api/plans')).toHaveLength(0)
    } finally {
      act(() => useApp.getState().setLanguage('en'))
    }
  })
})

import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import type { HistoryEntry } from '@vod/contract/resources/audit-logs'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError, http } from '../src/api/http.ts'
import { shellLocales } from '../src/app/shell-locales.ts'
import { referenceOf } from '../src/components/changes/references.ts'
import { wordDiff } from '../src/components/changes/word-diff.ts'
import { RecordHistory } from '../src/components/history/RecordHistory.tsx'
import { restorableValues } from '../src/components/history/restore-values.ts'
import { registerResources } from '../src/components/resource/registry.ts'
import { addLocales } from '../src/i18n/index.ts'
import { resources } from '../src/resources/index.ts'
import { useApp } from '../src/stores/app.ts'
import { clearPermissions, setPermissions } from '../src/stores/permission.ts'
import { useSession } from '../src/stores/session.ts'

describe('a word diff', () => {
  const joined = (kind: string, parts: ReturnType<typeof wordDiff>) =>
    parts
      .filter((part) => part.kind === kind || (kind !== 'added' && part.kind === 'same'))
      .map((part) => part.text)
      .join('')

  it('marks the words removed and added, and gives both texts back whole', () => {
    const before = 'The quick brown fox jumps over the lazy dog.'
    const after = 'The quick red fox leaps over the lazy dog.'
    const parts = wordDiff(before, after)
    expect(parts.filter((part) => part.kind !== 'same')).toEqual([
      { kind: 'removed', text: 'brown ' },
      { kind: 'added', text: 'red ' },
      { kind: 'removed', text: 'jumps ' },
      { kind: 'added', text: 'leaps ' },
    ])
    expect(joined('removed', parts)).toBe(before)
    expect(
      parts
        .filter((part) => part.kind !== 'removed')
        .map((part) => part.text)
        .join(''),
    ).toBe(after)
  })

  it('is all same for equal texts, and all added from nothing', () => {
    expect(wordDiff('one two', 'one two')).toEqual([{ kind: 'same', text: 'one two' }])
    expect(wordDiff('', 'new words')).toEqual([{ kind: 'added', text: 'new words' }])
  })

  it('keeps a long text with one word changed to that word, in little time', () => {
    const words = Array.from({ length: 5000 }, (_, i) => `w${i}`)
    const changed = [...words]
    changed[2500] = 'CHANGED'
    const parts = wordDiff(words.join(' '), changed.join(' '))
    expect(parts.filter((part) => part.kind !== 'same')).toEqual([
      { kind: 'removed', text: 'w2500 ' },
      { kind: 'added', text: 'CHANGED ' },
    ])
  })
})

describe('the values an entry restores', () => {
  const scope = {
    resource: 'users',
    editable: ['first_name', 'email', 'phone'],
    actions: ['enable', 'disable'],
  }

  it("takes each changed field's value before the entry", () => {
    const entry = { resource: 'users', action: 'update', changes: { first_name: ['Ann', 'Bob'] } }
    expect(restorableValues(entry, scope)).toEqual({ first_name: 'Ann' })
  })

  it('never a field the caller may not write (so none it may not read), a secret, or another record', () => {
    const entry = {
      resource: 'users',
      action: 'update',
      changes: {
        first_name: ['Ann', 'Bob'],
        email: ['a•••@example.com', 'b•••@example.com'],
        phone: ['hidden', 'hidden'],
        password: ['[changed]', '[changed]'],
      },
    }
    const rules = { email: 'masked', phone: 'none' } as const
    expect(restorableValues(entry, { ...scope, rules })).toEqual({ first_name: 'Ann' })
    expect(restorableValues({ ...entry, resource: 'orders' }, scope)).toBeNull()
    expect(restorableValues({ ...entry, action: 'create' }, scope)).toBeNull()
    expect(restorableValues({ ...entry, action: 'update-campaigns' }, scope)).toBeNull()
    expect(
      restorableValues({ ...entry, changes: { phone: ['hidden', 'x'] } }, { ...scope, rules }),
    ).toBeNull()
  })
})

const entries: HistoryEntry[] = [
  {
    id: 12,
    admin_id: 1,
    admin_username: 'ann',
    resource: 'questions',
    record_id: 5,
    action: 'update',
    changes: {
      question: ['Old question', 'New question'],
      answer: [
        `${'Words kept here. '.repeat(15)}Refunds take a week.`,
        `${'Words kept here. '.repeat(15)}Refunds take a day.`,
      ],
    },
    created_at: '2026-11-20T10:00:00.000Z',
  },
  {
    id: 13,
    admin_id: 1,
    admin_username: 'ann',
    resource: 'questions',
    record_id: 5,
    action: 'restore-values',
    changes: { question: ['New question', 'Old question'], restored_from: 12 },
    created_at: '2026-11-20T11:00:00.000Z',
  },
]

describe("a record's history panel", () => {
  beforeAll(() => {
    addLocales(shellLocales)
    registerResources(resources)
  })
  beforeEach(() => {
    act(() => useApp.getState().setLanguage('en'))
    setPermissions(['list-questions', 'edit-questions'])
  })
  afterEach(() => {
    cleanup()
    clearPermissions()
    vi.restoreAllMocks()
  })

  function show(restore?: Parameters<typeof RecordHistory>[0]['restore']) {
    vi.spyOn(http, 'get').mockResolvedValue({ data: entries })
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    render(
      <QueryClientProvider client={client}>
        <RecordHistory path="questions" id={5} restore={restore} />
      </QueryClientProvider>,
    )
  }

  it('shows each change by its label, a long text as a word diff, and a restore by the entry it came from', async () => {
    show()
    const table = await screen.findByTestId('questions-history')
    await waitFor(() => expect(table.textContent).toContain('New question'))
    expect(http.get).toHaveBeenCalledWith('/questions/5/history', expect.anything())
    expect(table.textContent).toMatch(/Question: Old question → New question/)
    const diff = within(table).getByTestId('word-diff')
    expect([...diff.querySelectorAll('del')].map((node) => node.textContent)).toEqual(['week.'])
    expect([...diff.querySelectorAll('ins')].map((node) => node.textContent)).toEqual(['day.'])
    expect(table.textContent).toContain('Restored from entry #12')
    expect(table.textContent).not.toContain('restored_from')
  })

  it('offers to restore an entry, sends its earlier values, and says why a refusal was refused', async () => {
    const restore = vi
      .fn()
      .mockRejectedValueOnce(
        new ApiError(422, 'The question is taken.', { question: 'The question is taken.' }),
      )
    show({ valuesOf: (entry) => (entry.id === 12 ? { question: 'Old question' } : null), restore })
    const button = await screen.findByTestId('history-restore-12')
    expect(screen.queryByTestId('history-restore-13')).toBeNull()
    fireEvent.click(button)
    fireEvent.click(await screen.findByRole('button', { name: 'Restore' }))
    await waitFor(() => expect(restore).toHaveBeenCalledWith(entries[0], { question: 'Old question' }))
    const refused = await screen.findByTestId('history-restore-refused')
    expect(refused.textContent).toContain('Entry #12 could not be restored')
    expect(refused.textContent).toContain('The question is taken.')
  })

  it('says a value the role hides is hidden, in words, never the marker', async () => {
    const profile = useSession.getState().profile
    useSession.setState({
      profile: { ...profile, field_rules: { questions: { answer: 'none' } } } as typeof profile,
    })
    try {
      vi.spyOn(http, 'get').mockResolvedValue({
        data: [{ ...entries[0], id: 14, changes: { answer: ['hidden', 'hidden'] } }],
      })
      const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
      render(
        <QueryClientProvider client={client}>
          <RecordHistory path="questions" id={5} />
        </QueryClientProvider>,
      )
      const table = await screen.findByTestId('questions-history')
      await waitFor(() =>
        expect(table.textContent).toContain('Answer: (hidden by your role) → (hidden by your role)'),
      )
    } finally {
      useSession.setState({ profile })
    }
  })

  it("names a linked child's records in the owner's history (a block's videos)", () => {
    expect(referenceOf('blocks', 'add-videos', 'ids')).toBe('videos')
    expect(referenceOf('blocks', 'remove-videos', 'id')).toBe('videos')
    expect(referenceOf('channels', 'update-campaigns', 'id')).toBeUndefined()
  })

  it('is in Chinese too, and absent without the permission', async () => {
    act(() => useApp.getState().setLanguage('zh-cn'))
    show({ valuesOf: () => ({ question: 'Old question' }), restore: vi.fn() })
    expect((await screen.findByTestId('history-restore-12')).textContent).toBe('恢复这些值')
    expect(screen.getByTestId('questions-history').textContent).toContain('从第 12 条记录恢复')
    cleanup()
    setPermissions(['list-questions'])
    show()
    expect(screen.queryByTestId('questions-history')).toBeNull()
  })
})

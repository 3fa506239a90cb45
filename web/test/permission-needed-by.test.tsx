import { act, cleanup, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { neededBy, permissionEntries } from '@vod/contract/permissions'
import { afterEach, describe, expect, it } from 'vitest'
import { neededByTicked } from '../src/components/permission/needed-by-ticked.ts'
import { useApp } from '../src/stores/app.ts'
import { serveApi } from './api-server.ts'
import { picked, renderPicker } from './permission-picker-harness.tsx'

// The catalogue the server seeds: the contract's, as GET /api/permissions answers it.
serveApi((_req, res) => {
  res.writeHead(200, { 'Content-Type': 'application/json' })
  res.end(
    JSON.stringify({ data: permissionEntries.map(({ name, group }, i) => ({ id: i + 1, name, group })) }),
  )
})
afterEach(cleanup)

const reason = (name: string) => screen.queryByTestId(`permission-needed-by-${name}`)?.textContent ?? null

describe('the role editor says why a permission it ticked is needed (issue 68 item 9)', () => {
  it.each([
    [
      'en',
      'Needed by Videos: Edit',
      'Needed by Videos: Edit, Tags: Edit',
      'Needed by Videos: List, Tags: Edit',
    ],
    [
      'zh-cn',
      '依赖此项的权限：视频: 编辑',
      '依赖此项的权限：视频: 编辑、标签: 编辑',
      '依赖此项的权限：视频: 列表、标签: 编辑',
    ],
  ] as const)(
    'names the ticked permission that needs it, by its label (%s)',
    async (language, one, two, left) => {
      act(() => useApp.getState().setLanguage(language))
      renderPicker()
      await userEvent.click(await screen.findByTestId('permission-edit-videos'))
      expect(picked()).toEqual(expect.arrayContaining(['edit-videos', 'list-videos', 'list-tags']))
      // Ticked through the videos list (which needs the tags list): named by the job the admin chose.
      expect(reason('list-tags')).toBe(one)
      expect(reason('list-tag-categories')).toBe(one)
      expect(reason('list-videos')).toBe(one)
      const box = screen.getByTestId('permission-list-tags')
      const describedBy = box.getAttribute('aria-describedby')?.split(' ') ?? []
      expect(describedBy.map((id) => document.getElementById(id)?.textContent)).toContain(one)
      // What the admin chose needs nothing else's reason.
      expect(reason('edit-videos')).toBeNull()

      // A second job that needs the tags list: both are named.
      await userEvent.click(screen.getByTestId('permission-edit-tags'))
      expect(reason('list-tag-categories')).toBe(two)

      // Cleared again: the reason goes with the permission that gave it, and what still needs it is named.
      await userEvent.click(screen.getByTestId('permission-edit-videos'))
      expect(picked()).toEqual(expect.arrayContaining(['list-videos', 'list-tag-categories']))
      expect(reason('list-videos')).toBeNull()
      expect(reason('list-tag-categories')).toBe(left)
    },
  )

  it('names only the outermost of a chain, and every one of a circle', () => {
    expect(
      Object.fromEntries(neededByTicked(['edit-videos', 'list-videos', 'list-tags'], neededBy)),
    ).toMatchObject({ 'list-videos': ['edit-videos'], 'list-tags': ['edit-videos'] })
    const circle = (name: string) => ({ a: ['b'], b: ['a'] })[name] ?? []
    expect(Object.fromEntries(neededByTicked(['a', 'b'], circle))).toEqual({ a: ['b'], b: ['a'] })
    expect(neededByTicked(['a'], circle).size).toBe(0)
  })
})

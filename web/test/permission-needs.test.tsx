import { act, cleanup, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { permissionEntries } from '@vod/contract/permissions'
import { afterEach, describe, expect, it } from 'vitest'
import { languages } from '../src/base/language.ts'
import { resourceLabel } from '../src/components/history/labels.ts'
import { i18n } from '../src/i18n/index.ts'
import { resources } from '../src/resources/index.ts'
import { screenGroups } from '../src/resources/roles/screen-groups.ts'
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

const groupIds = () => screen.getAllByRole('group').map((group) => group.getAttribute('data-testid'))

describe('the role editor names what a job needs', () => {
  it.each(languages)(
    'shows only groups with screens, each by the name the menu and audit trail use (%s)',
    async (language) => {
      act(() => useApp.getState().setLanguage(language))
      renderPicker()
      await screen.findByTestId('permission-group-deals')
      const groups = groupIds().map((id) => id?.replace('permission-group-', '') ?? '')
      // Every group shown has screens: a registered resource or one of the screens of their own.
      for (const group of groups)
        expect(resources.some((resource) => resource.name === group) || screenGroups.has(group), group).toBe(
          true,
        )
      expect(groups).toEqual(
        expect.arrayContaining([
          'tag-categories',
          'articles',
          'users',
          'plans',
          'deals',
          'blocks',
          'daily-revenue',
        ]),
      )
      const t = i18n.getFixedT(language)
      for (const group of groups) {
        const legend = within(screen.getByTestId(`permission-group-${group}`)).getAllByRole('checkbox')[0]
        const title = legend?.closest('label')?.textContent ?? ''
        expect(title, `${language}: ${group}`).not.toBe(group)
        expect(
          i18n.exists(`permission.groups.${group}`, { lng: language }) ||
            i18n.exists(`${group}.title`, { lng: language }),
          group,
        ).toBe(true)
        // One name: the menu's title of a resource, the audit trail's name of it.
        if (resources.some((resource) => resource.name === group)) {
          expect(title).toBe(t(`${group}.title`))
          expect(resourceLabel(t, group)).toBe(title)
        }
      }
    },
  )

  it("ticks a deal form's plan picker permission with create-deals, and warns once it is cleared", async () => {
    act(() => useApp.getState().setLanguage('en'))
    renderPicker()
    const deals = await screen.findByTestId('permission-group-deals')
    expect(within(deals).getByTestId('permission-needs-create-deals').textContent).toBe(
      'Needs Deals: List, Plans: List',
    )
    await userEvent.click(within(deals).getByRole('checkbox', { name: 'Create' }))
    expect(picked()).toEqual(['create-deals', 'list-deals', 'list-plans'])
    expect((screen.getByTestId('permission-list-plans') as HTMLInputElement).checked).toBe(true)

    await userEvent.click(screen.getByTestId('permission-list-plans'))
    expect(picked()).toEqual(['create-deals', 'list-deals'])
    const warning = within(deals).getByTestId('permission-needs-create-deals')
    expect(warning.textContent).toMatch(/^Needs Deals: List, Plans: List, not ticked/)
    expect(warning.className).toContain('warning')
  })

  it("ticks list-admins with edit-channels (the channel's admins) and list-users with list-orders (its member filter)", async () => {
    act(() => useApp.getState().setLanguage('zh-cn'))
    renderPicker()
    await userEvent.click(await screen.findByTestId('permission-edit-channels'))
    expect(picked()).toEqual(['edit-channels', 'list-channels', 'list-admins', 'list-roles'])
    await userEvent.click(screen.getByTestId('permission-list-orders'))
    expect(picked()).toEqual(
      expect.arrayContaining(['list-orders', 'list-users', 'list-plans', 'list-channels']),
    )
    expect(screen.getByTestId('permission-needs-list-orders').textContent).toContain('会员')
  })

  it("ticks the least a members list works with: its plans, not the channels' terms", async () => {
    act(() => useApp.getState().setLanguage('en'))
    renderPicker()
    await userEvent.click(await screen.findByTestId('permission-list-users'))
    expect(picked()).toEqual(['list-users', 'list-plans'])
  })

  it('ticks the list with an edit, for every resource: edit-banners alone reaches a banner (issue 36)', async () => {
    act(() => useApp.getState().setLanguage('zh-cn'))
    renderPicker()
    await userEvent.click(await screen.findByTestId('permission-edit-banners'))
    expect(picked()).toEqual(expect.arrayContaining(['edit-banners', 'list-banners']))
    expect(screen.getByTestId('permission-needs-edit-banners').textContent).toMatch(/^需要横幅.*列表/)
  })
})

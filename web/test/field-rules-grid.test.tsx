import { act, cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { FieldRules } from '@vod/contract'
import { useState } from 'react'
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { shellLocales } from '../src/app/shell-locales.ts'
import { registerResources } from '../src/components/resource/registry.ts'
import { addLocales } from '../src/i18n/index.ts'
import { resources } from '../src/resources/index.ts'
import { FieldRulesGrid } from '../src/resources/roles/FieldRulesGrid.tsx'
import { useApp } from '../src/stores/app.ts'

let current: FieldRules = {}

function Harness({ permissions, initial }: { permissions: string[]; initial: FieldRules }) {
  const [value, setValue] = useState(initial)
  current = value
  return <FieldRulesGrid value={value} onChange={setValue} permissions={permissions} />
}

beforeAll(() => {
  addLocales(shellLocales)
  registerResources(resources)
})
beforeEach(() => act(() => useApp.getState().setLanguage('en')))
afterEach(cleanup)

const states = (name: string) => screen.getByRole('radiogroup', { name })
const radio = (group: string, name: string) =>
  within(states(group)).getByRole('radio', { name }) as HTMLInputElement
/** The button a person clicks for a state. */
const button = (group: string, name: string) => radio(group, name).closest('label') as HTMLElement
/** Whether a state is the one shown chosen (antd marks its button). */
const chosen = (group: string, name: string) =>
  radio(group, name).closest('label')?.classList.contains('ant-radio-button-wrapper-checked')

describe("the role editor's field grid", () => {
  it('offers the fields of each resource the permissions name, with four states, masked only where declared', () => {
    render(<Harness permissions={['list-users', 'list-orders', 'edit-orders']} initial={{}} />)
    expect(screen.getAllByRole('region').map((region) => region.getAttribute('aria-label'))).toEqual([
      'Members',
      'Orders',
    ])
    const email = within(states('Members: E-mail')).getAllByRole('radio') as HTMLInputElement[]
    expect(email.map((input) => input.closest('label')?.textContent)).toEqual([
      'Read and write',
      'Read only',
      'Masked',
      'Hidden',
    ])
    expect(chosen('Members: E-mail', 'Read and write')).toBe(true)
    expect(radio('Members: E-mail', 'Masked').disabled).toBe(false)
    expect(radio('Members: Username', 'Masked').disabled).toBe(true)
  })

  it('keeps only the narrowed fields, and drops a field set back to read and write', async () => {
    render(<Harness permissions={['list-users']} initial={{ users: { phone: 'masked' } }} />)
    expect(chosen('Members: Phone', 'Masked')).toBe(true)
    await userEvent.click(button('Members: E-mail', 'Hidden'))
    expect(current).toEqual({ users: { phone: 'masked', email: 'none' } })
    await userEvent.click(button('Members: Phone', 'Read and write'))
    expect(current).toEqual({ users: { email: 'none' } })
    await userEvent.click(button('Members: E-mail', 'Read and write'))
    expect(current).toEqual({})
  })

  it('is worked by keyboard: arrows move a field between its states', async () => {
    render(<Harness permissions={['list-users']} initial={{}} />)
    radio('Members: E-mail', 'Read and write').focus()
    await userEvent.keyboard('{ArrowRight}')
    expect(current).toEqual({ users: { email: 'read' } })
    await userEvent.keyboard('{ArrowRight}')
    expect(current).toEqual({ users: { email: 'masked' } })
  })

  it('speaks Chinese', async () => {
    await act(() => useApp.getState().setLanguage('zh-cn'))
    render(<Harness permissions={['list-users']} initial={{}} />)
    const labels = within(screen.getAllByRole('radiogroup')[0] as HTMLElement)
      .getAllByRole('radio')
      .map((input) => input.closest('label')?.textContent)
    expect(labels).toEqual(['读写', '只读', '掩码', '隐藏'])
  })
})

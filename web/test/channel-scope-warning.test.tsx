import { act, cleanup, render, screen } from '@testing-library/react'
import { Form } from 'antd'
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { shellLocales } from '../src/app/shell-locales.ts'
import { registerResources } from '../src/components/resource/registry.ts'
import { addLocales } from '../src/i18n/index.ts'
import { resources } from '../src/resources/index.ts'
import { ChannelScopeWarning } from '../src/resources/roles/RoleForm.tsx'
import { useApp } from '../src/stores/app.ts'

/** The role editor's permissions field, holding `permissions`, with the warning beside it. */
function Harness({ permissions }: { permissions: string[] }) {
  return (
    <Form initialValues={{ permissions }}>
      <Form.Item name="permissions" hidden>
        <input />
      </Form.Item>
      <ChannelScopeWarning />
    </Form>
  )
}

beforeAll(() => {
  addLocales(shellLocales)
  registerResources(resources)
})
beforeEach(() => act(() => useApp.getState().setLanguage('en')))
afterEach(cleanup)

describe("the role editor's channel scope warning (issue 68 item 1)", () => {
  it('warns a role that reads orders, members or figures without seeing every channel', async () => {
    render(<Harness permissions={['list-orders', 'list-daily-revenue']} />)
    expect((await screen.findByRole('alert')).textContent).toContain('See every channel')
  })

  it('says it in Chinese too', async () => {
    act(() => useApp.getState().setLanguage('zh-cn'))
    render(<Harness permissions={['list-users']} />)
    expect((await screen.findByRole('alert')).textContent).toContain('查看全部渠道')
  })

  it('is silent once the role sees every channel, or reads no channel data', async () => {
    // Beside a warned role, so that the silent ones have had the same time to speak.
    render(
      <>
        <Harness permissions={['list-orders']} />
        <Harness permissions={['list-orders', 'all-channels']} />
        <Harness permissions={['list-tags']} />
      </>,
    )
    await screen.findByRole('alert')
    expect(screen.getAllByRole('alert')).toHaveLength(1)
  })
})

import { describe, expect, it } from 'vitest'
import { asAdmin, loggedInContext, useProduct } from '../support/product.ts'
import { arrives, shows } from '../support/waits.ts'

const product = useProduct()

interface Member {
  id: number
  username: string
  email: string | null
  first_name: string | null
  status: string
}
type Listed<T> = { data: T[] }

describe('members, end to end in Chromium', () => {
  it('edits a member, disables it and sends it a password-reset e-mail (to the outbox)', async () => {
    // A demo member with an e-mail address, enabled.
    const member = (
      await asAdmin<Listed<Member>>(product, '/api/users?status=enabled&per_page=100')
    ).data.find((m) => m.email)
    if (!member) throw new Error('no demo member')
    const context = await loggedInContext(product, 'en')
    const page = await context.newPage()

    // The list finds it by keyword; its row leads to the edit screen.
    await page.goto(`${product.server.url}/#/users?keyword=${member.username}`)
    await page.getByRole('cell', { name: member.username, exact: true }).waitFor()
    await page.goto(`${product.server.url}/#/users/edit/${member.id}`)
    const firstName = page.getByRole('textbox', { name: 'First name' })
    await expect.poll(() => firstName.inputValue()).toBe(member.first_name ?? '')
    await firstName.fill('E2E 名字')
    await page.getByTestId('form-submit').click()
    await page.waitForURL(/#\/users(\?.*)?$/)
    await expect
      .poll(async () => (await asAdmin<{ data: Member }>(product, `/api/users/${member.id}`)).data.first_name)
      .toBe('E2E 名字')

    // Disable it from its page, after confirming.
    await page.goto(`${product.server.url}/#/users/${member.id}`)
    // The page's history shows the change as well (→ E2E 名字): wait for the record's own field.
    await page.getByTestId('users-detail').getByText('E2E 名字', { exact: true }).waitFor()
    await page.locator(`[data-testid="disable-${member.id}"]:visible`).click()
    await page.getByTestId('disable-confirm').click()
    await expect
      .poll(async () => (await asAdmin<{ data: Member }>(product, `/api/users/${member.id}`)).data.status)
      .toBe('disabled')
    await page.locator(`[data-testid="enable-${member.id}"]:visible`).waitFor()

    // No SMTP_URL on this server: the page warns so before anything is sent, asks to whom, and the reset
    // e-mail goes to the outbox, said as a warning, in the history with what remains of the hour.
    await page.getByTestId('users-mail-no-server').waitFor()
    const confirmSend = () => page.locator('[data-testid="send-reset-password-confirm"]:visible').click()
    await page.getByTestId(`send-reset-password-${member.id}`).click()
    await page.getByText(`Send a password reset e-mail to ${member.email}?`).waitFor()
    await confirmSend()
    const result = page.getByTestId('users-mail-result')
    await expect
      .poll(() => result.textContent())
      .toContain(`the e-mail to ${member.email} was kept in the outbox`)
    expect(await result.getAttribute('class')).toContain('ant-alert-warning')
    // Said in the staff's words: no configuration variable's name.
    expect(await page.getByTestId('users-mail-no-server').textContent()).not.toContain('SMTP_URL')
    expect(await result.textContent()).not.toContain('SMTP_URL')
    await expect
      .poll(() => page.getByTestId('users-mail-remaining').textContent())
      .toContain('2 of 3 password resets')
    await page.getByTestId('user-mails').getByText('In the outbox (not delivered)').waitFor()
    // Three of a kind an hour: the 4th is refused (429) and the page says when to try again.
    const send = page.locator(`[data-testid="send-reset-password-${member.id}"]:visible`)
    for (const status of [200, 200, 429]) {
      await expect.poll(() => send.getAttribute('class')).not.toContain('ant-btn-loading')
      await send.click()
      const [answer] = await Promise.all([
        page.waitForResponse((res) => res.url().includes(`/api/users/${member.id}/send-reset-password`)),
        confirmSend(),
      ])
      expect(answer.status()).toBe(status)
    }
    await expect.poll(() => result.textContent()).toMatch(/^At most 3 such e-mails an hour go to one member/)
    const trail = await asAdmin<Listed<{ action: string; record_id: number; changes: unknown }>>(
      product,
      `/api/audit-logs?resource=users&action=send-reset-password&per_page=5`,
    )
    expect(trail.data.find((entry) => entry.record_id === member.id)?.changes).toEqual({
      recipient: member.email,
      transport: 'outbox',
    })
    await context.close()
  })

  it('adds an IPv6 range to the IP whitelist and refuses a malformed address in the form', async () => {
    const context = await loggedInContext(product, 'en')
    const page = await context.newPage()
    await page.goto(`${product.server.url}/#/users/ipwhitelists/create`)
    const address = page.getByRole('textbox', { name: 'IP address or range' })
    await address.fill('10.1.2.3/8')
    await page.getByRole('textbox', { name: 'Note' }).fill('E2E office')
    await page.getByTestId('form-submit').click()
    await shows(
      page.getByText('the range is written 10.0.0.0/8', { exact: false }),
      'the form saying how the malformed range is written',
    )
    await address.fill('2001:DB8:e2e::/48')
    await page.getByTestId('form-submit').click()
    await arrives(page, /#\/users\/ipwhitelists(\?.*)?$/, 'the IP whitelist after saving')
    await shows(
      page.getByRole('cell', { name: '2001:db8:e2e::/48', exact: true }),
      'the new IPv6 range, lower-cased',
    )
    await context.close()
  })
})

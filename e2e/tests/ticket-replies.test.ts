import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSmtp } from '../../server/test/support/smtp.ts'
import { asAdmin, loggedInContext, useProduct } from '../support/product.ts'

// A real SMTP listener the server of this file mails to.
const smtp = await startSmtp()
const product = useProduct({ SMTP_URL: smtp.url, MAIL_RETRY_SECONDS: '1' })

interface Ticket {
  id: number
  user_id: number | null
  username: string | null
  email: string
  subject: string
  status: string
}

/** Issue 58, item 2: a ticket answered from its page, the reply mailed once; the member's page lists their tickets. */
describe('answering a ticket, in Chinese at 1440 px', () => {
  let page: Page
  let ticket: Ticket
  beforeAll(async () => {
    const open = await asAdmin<{ data: Ticket[] }>(product, '/api/supports?status=open&sort=id&per_page=50')
    ticket = open.data.find((row) => row.user_id !== null) as Ticket
    page = await (await loggedInContext(product, 'zh-cn')).newPage()
  })
  afterAll(async () => {
    await page?.context().close()
    await smtp.close()
  })

  it('sends a reply and a last reply that solves the ticket, each mailed once, shown as a conversation', async () => {
    await page.goto(`${product.server.url}/#/questions/supports/${ticket.id}`)
    const conversation = page.getByTestId('support-conversation')
    await conversation.getByTestId('support-message').waitFor()
    await page.getByLabel(`回复 ${ticket.email}（以邮件发送）`).fill('您好，我们已经为您退款。')
    await page.getByTestId('support-reply-send').click()
    await expect.poll(() => smtp.received.filter((mail) => mail.to.includes(ticket.email)).length).toBe(1)
    const [mail] = smtp.received.filter((m) => m.to.includes(ticket.email))
    expect(mail?.subject).toBe(`Re: ${ticket.subject} [#${ticket.id}]`)
    expect(mail?.text).toContain('您好，我们已经为您退款。')
    // Kept on the ticket with who sent it; the mail's state follows the server.
    await conversation.getByText('您好，我们已经为您退款。').waitFor()
    await conversation.getByText('已发送').waitFor()
    await conversation.getByText(product.admin.username).first().waitFor()

    await page.getByTestId('support-reply-body').fill('问题已解决，如有需要请再联系我们。')
    await page.getByTestId('support-reply-solve').click()
    await expect
      .poll(async () => (await asAdmin<{ data: Ticket }>(product, `/api/supports/${ticket.id}`)).data.status)
      .toBe('solved')
    await expect.poll(() => smtp.received.filter((m) => m.to.includes(ticket.email)).length).toBe(2)
    // Solved: no second solve offered.
    await expect.poll(() => page.getByTestId('support-reply-solve').count()).toBe(0)
    expect(smtp.received.filter((m) => m.to.includes(ticket.email))).toHaveLength(2)
  })

  it("lists the member's tickets on the member's page, each linking to the ticket", async () => {
    await page.goto(`${product.server.url}/#/users/${ticket.user_id}`)
    const list = page.getByTestId('related-list-supports')
    await list.getByRole('link', { name: ticket.subject }).first().click()
    await page.waitForURL(new RegExp(`#/questions/supports/${ticket.id}$`))
    await page.getByTestId('support-conversation').waitFor()
  })
})

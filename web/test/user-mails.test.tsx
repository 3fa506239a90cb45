import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import type { MemberMail, MemberMailHistory, User } from '@vod/contract/resources/members'
import { act } from 'react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { http } from '../src/api/http.ts'
import { UserMailHistory } from '../src/resources/users/UserMails.tsx'
import { useApp } from '../src/stores/app.ts'

const mail = (id: number, state: MemberMail['state']): MemberMail => ({
  id,
  user_id: 7,
  kind: 'reset-password',
  recipient: 'bob@example.org',
  subject: 'Reset your password',
  transport: state === 'outbox' ? 'outbox' : 'smtp',
  pending: state === 'queued' ? 1 : 0,
  state,
  created_at: '2026-01-02T03:04:05.000Z',
})

const history: MemberMailHistory = {
  data: [mail(1, 'sent'), mail(2, 'queued'), mail(3, 'failed'), mail(4, 'outbox')],
  meta: { smtp: 1, per_hour: 3, remaining: { 'email-verification': 3, 'reset-password': 1 } },
}

function renderHistory() {
  vi.spyOn(http, 'get').mockResolvedValue(history)
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <UserMailHistory user={{ id: 7 } as User} result={null} />
    </QueryClientProvider>,
  )
}

const tag = (id: number) => screen.getByTestId(`users-mail-state-${id}`)

describe("a member's e-mail history says where each mail stands", () => {
  beforeAll(() => act(() => useApp.getState().setLanguage('en')))
  afterEach(() => {
    cleanup()
    vi.restoreAllMocks()
  })

  it('failed in red, queued in gold, sent in green, the outbox as a warning', async () => {
    renderHistory()
    await waitFor(() => expect(tag(3).textContent).toMatch(/^Failed/))
    expect(http.get).toHaveBeenCalledWith('/users/7/mails', expect.anything())
    const looks = [1, 2, 3, 4].map((id) => [tag(id).textContent, tag(id).className.match(/ant-tag-(\w+)/g)])
    expect(looks).toEqual([
      ['Sent to the mail server', expect.arrayContaining(['ant-tag-green'])],
      ['Queued for the mail server', expect.arrayContaining(['ant-tag-gold'])],
      [expect.stringMatching(/^Failed/), expect.arrayContaining(['ant-tag-red'])],
      ['In the outbox (not delivered)', expect.arrayContaining(['ant-tag-orange'])],
    ])
    expect(screen.getByText('E-mails to this member')).toBeTruthy()
  })

  it('in Chinese too', async () => {
    act(() => useApp.getState().setLanguage('zh-cn'))
    try {
      renderHistory()
      await waitFor(() => expect(tag(3).textContent).toMatch(/^发送失败/))
      expect(tag(1).textContent).toBe('已交给邮件服务器')
      expect(screen.getByText('发给该会员的邮件')).toBeTruthy()
    } finally {
      act(() => useApp.getState().setLanguage('en'))
    }
  })
})

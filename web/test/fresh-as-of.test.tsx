import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { FreshAsOf } from '../src/features/analytics/FreshAsOf.tsx'
import { analyticsLocale } from '../src/features/analytics/locale.ts'
import { addLocales } from '../src/i18n/index.ts'
import { useApp } from '../src/stores/app.ts'

// The clock stands still while a test runs: an answer is as old as the test made it, however long the
// rendering takes.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date('2026-03-14T15:09:26Z'))
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})
addLocales({ analytics: analyticsLocale })

const ago = (ms: number) => new Date(Date.now() - ms)
const clock = (at: Date) =>
  [at.getHours(), at.getMinutes(), at.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':')

// A screen's figures more than 10 s old say how old, in the screen's language; current ones say nothing.
it('says "figures as of hh:mm:ss" for the oldest answer past 10 s, in English and Chinese', () => {
  const old = ago(60_000)
  const answers = [{ fresh_as_of: ago(1000).toISOString() }, { fresh_as_of: old.toISOString() }, undefined]
  act(() => useApp.getState().setLanguage('en'))
  const { rerender } = render(<FreshAsOf answers={answers} />)
  expect(screen.getByTestId('fresh-as-of').textContent).toBe(`Figures as of ${clock(old)}`)
  act(() => useApp.getState().setLanguage('zh-cn'))
  rerender(<FreshAsOf answers={answers} />)
  expect(screen.getByTestId('fresh-as-of').textContent).toBe(`数据截至 ${clock(old)}`)
})

it('says nothing while every answer is current or none says', () => {
  render(<FreshAsOf answers={[{ fresh_as_of: ago(2000).toISOString() }, { fresh_as_of: null }, undefined]} />)
  expect(screen.queryByTestId('fresh-as-of')).toBeNull()
})

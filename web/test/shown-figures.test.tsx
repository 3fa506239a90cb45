import { act, cleanup, render, screen } from '@testing-library/react'
import type { FieldRules } from '@vod/contract'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { FigureStatistics } from '../src/features/analytics/FigureStatistics.tsx'
import { analyticsLocale } from '../src/features/analytics/locale.ts'
import { addLocales } from '../src/i18n/index.ts'
import { type Profile, useSession } from '../src/stores/session.ts'

/**
 * The figures a screen shows follow the caller's field rules read from the session (docs/security.md "Field
 * rules"): a figure summed over a field the role hides is not drawn, as the server leaves it out.
 */
beforeAll(() => addLocales({ analytics: analyticsLocale }))
afterEach(() => {
  cleanup()
  act(() => useSession.setState({ profile: null }))
})

const withRules = (field_rules: FieldRules) =>
  act(() => useSession.setState({ profile: { username: 'agent', field_rules } as unknown as Profile }))

const figures = () =>
  render(
    <FigureStatistics
      figures={['orders', 'gross', 'fees', 'net']}
      current={{ orders: 1, gross: '19.99', net: '19.99' }}
      against="yesterday"
    />,
  )

describe('figures under field rules', () => {
  it("leaves out the fees for who may not read an order's fees, and gross and net for who may not read its amount", () => {
    withRules({ orders: { transaction_fee: 'none' } })
    figures()
    expect(screen.queryByTestId('figure-fees')).toBeNull()
    expect(screen.getByTestId('figure-gross')).toBeTruthy()
    cleanup()
    withRules({ orders: { amount: 'masked' } })
    figures()
    expect(screen.queryByTestId('figure-gross')).toBeNull()
    expect(screen.queryByTestId('figure-net')).toBeNull()
    expect(screen.getByTestId('figure-fees')).toBeTruthy()
  })

  it('shows every figure to who reads them all', () => {
    withRules({})
    figures()
    for (const figure of ['orders', 'gross', 'fees', 'net'])
      expect(screen.getByTestId(`figure-${figure}`)).toBeTruthy()
  })
})

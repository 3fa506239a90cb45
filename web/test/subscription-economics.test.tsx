import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { analyticsLocale } from '../src/features/analytics/locale.ts'
import { RestatementsTable } from '../src/features/analytics/RestatementsTable.tsx'
import { ChurnCards } from '../src/features/economics/ChurnCards.tsx'
import { useEconomicsLabelOf } from '../src/features/economics/EconomicsRestatements.tsx'
import { economicsLocale } from '../src/features/economics/locale.ts'
import { MovementsTables } from '../src/features/economics/MovementsTables.tsx'
import type { Churn, EconomicsRestatements, Movements } from '../src/features/economics/queries.ts'
import { addLocales } from '../src/i18n/index.ts'
import { useApp } from '../src/stores/app.ts'

/**
 * The Subscriptions screen's tables (issue 66, item 4): a period's row reads opening, the five movements and
 * closing as the API wrote them; a role that may not read MRR gets the members only, and no MRR card.
 */
/** The log's table as the screen names its entries. */
function EconomicsEntries({ entries }: { entries: EconomicsRestatements['data'] }) {
  return <RestatementsTable entries={entries} labelOf={useEconomicsLabelOf()} />
}

beforeAll(() => addLocales({ analytics: analyticsLocale, economics: economicsLocale }))
afterEach(cleanup)

const members = {
  opening_members: 10,
  new_members: 2,
  reactivated_members: 1,
  expanded_members: 1,
  contracted_members: 1,
  churned_members: 3,
  closing_members: 10,
}
const money = {
  opening_mrr: '100.00',
  new: '20.00',
  reactivation: '9.99',
  expansion: '5.01',
  contraction: '-2.50',
  churn: '-30.00',
  closing_mrr: '102.50',
}
const movements = (withMoney: boolean): Movements => {
  const row = { ...members, ...(withMoney ? money : {}) }
  return {
    data: [{ ...row, start_date: '2026-10-01', end_date: '2026-10-31' }],
    meta: { start_date: '2026-10-01', end_date: '2026-10-31', time_zone: 'UTC', by: 'month', totals: row },
    fresh_as_of: null,
  }
}
const churn = (withMoney: boolean): Churn => ({
  data: [
    {
      month: '2026-10',
      start_date: '2026-10-01',
      end_date: '2026-10-31',
      opening_members: 10,
      churned_members: 3,
      closing_members: 10,
      churn_rate: '0.3000',
      ltv_months: ['2026-08', '2026-09', '2026-10'],
      ...(withMoney
        ? { revenue_churn_rate: '0.3250', arpu: '10.25', ltv: '34.17' }
        : { arpu: null, ltv: null }),
    },
  ],
  meta: { start_date: '2026-10-01', end_date: '2026-10-31', time_zone: 'UTC' },
  fresh_as_of: null,
})

describe('the Subscriptions screen', () => {
  it("reconciles a month's MRR in its row, and states the months LTV rests on", () => {
    render(<MovementsTables answer={movements(true)} mrrShown />)
    const row = within(screen.getByTestId('movements-table')).getAllByRole('row')[1] as HTMLElement
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent)
    expect(cells).toEqual([
      '2026-10',
      'USD 100.00',
      'USD 20.00',
      'USD 9.99',
      'USD 5.01',
      'USD -2.50',
      'USD -30.00',
      'USD 102.50',
    ])
    render(<ChurnCards answer={churn(true)} mrrShown />)
    expect(screen.getByTestId('churn-cards').textContent).toContain('2026-08, 2026-09, 2026-10')
    expect(screen.getByText('USD 34.17')).toBeTruthy()
  })

  it('shows a role that may not read MRR the members and the churn rate only', () => {
    render(<MovementsTables answer={movements(false)} mrrShown={false} />)
    expect(screen.queryByTestId('movements-table')).toBeNull()
    expect(screen.getByTestId('movements-members')).toBeTruthy()
    render(<ChurnCards answer={churn(false)} mrrShown={false} />)
    expect(screen.getByText('30.00%')).toBeTruthy()
    expect(screen.queryByText('ARPU')).toBeNull()
    expect(screen.queryByText(/USD/)).toBeNull()
  })

  it("lists a closed month's restated figures by their names (a cohort's with its month), money and counts as each reads (zh-cn, the default)", async () => {
    const entry = {
      month: '2026-10-01',
      channel_id: null,
      campaign_id: null,
      plan_id: null,
      cohort: null,
      noted_at: '2026-11-20T08:15:00.000Z',
    }
    const entries: EconomicsRestatements['data'] = [
      {
        ...entry,
        figure: 'closing_mrr',
        unit: 'money',
        source: 'plans',
        before: '100.00',
        after: '109.99',
        change: '9.99',
      },
      {
        ...entry,
        figure: 'churned_members',
        unit: 'count',
        source: 'subscriptions',
        before: '3',
        after: '2',
        change: '-1',
      },
      {
        ...entry,
        cohort: '2026-09-01',
        figure: 'cohort_mrr',
        unit: 'money',
        source: 'subscriptions',
        before: '50.00',
        after: '40.01',
        change: '-9.99',
      },
    ]
    // The worker's language is whatever the last file left it: Chinese, as a staff member's default.
    act(() => useApp.getState().setLanguage('zh-cn'))
    render(<EconomicsEntries entries={entries} />)
    const cells = () =>
      within(screen.getByTestId('restatements-table'))
        .getAllByRole('row')
        .slice(1)
        .map((row) =>
          within(row)
            .getAllByRole('cell')
            .slice(1, 7)
            .map((cell) => cell.textContent),
        )
    await waitFor(() =>
      expect(cells()).toEqual([
        ['期末月经常性收入', '全部', 'USD 100.00', 'USD 109.99', 'USD +9.99', '套餐（价格与周期）'],
        ['流失会员', '全部', '3', '2', '-1', '订阅'],
        ['队列月经常性收入（2026年9月队列）', '全部', 'USD 50.00', 'USD 40.01', 'USD -9.99', '订阅'],
      ]),
    )
  })
})

import { describe, expect, it } from 'vitest'
import { effectiveFieldRules } from '../src/field-rules.ts'

/** Issue 65, item 7: a role that grants nothing of a resource never widens the rules another role sets on it. */
describe('an admin’s field rules across roles', () => {
  const figuresOnly = {
    name: 'finance figures',
    groups: ['dashboard', 'daily-revenue'],
    field_rules: { orders: { amount: 'none', transaction_fee: 'none' } },
  } as const
  const content = { name: 'content', groups: ['videos', 'tags'], field_rules: {} }

  it('keeps the rules a role sets on a resource none of the roles holds, beside an unrelated role', () => {
    expect(effectiveFieldRules([figuresOnly])).toEqual({
      orders: { amount: 'none', transaction_fee: 'none' },
    })
    expect(effectiveFieldRules([figuresOnly, content])).toEqual({
      orders: { amount: 'none', transaction_fee: 'none' },
    })
  })

  it('widens them by a role that holds the resource and reads it whole', () => {
    const orders = { name: 'orders', groups: ['orders'], field_rules: {} }
    expect(effectiveFieldRules([figuresOnly, content, orders])).toEqual({})
  })

  it('takes the widest of the roles that name rules for it', () => {
    const masked = { name: 'masked', groups: ['dashboard'], field_rules: { orders: { amount: 'masked' } } }
    expect(effectiveFieldRules([figuresOnly, masked])).toEqual({ orders: { amount: 'masked' } })
  })
})

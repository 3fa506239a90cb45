import { renderHook, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useCountUp } from '../src/features/dashboard/use-count-up.ts'

describe("the dashboard's count-up", () => {
  it('shows the figure itself on first paint, never a false 0, and reaches a new figure', async () => {
    const { result, rerender } = renderHook(({ value }) => useCountUp(value), { initialProps: { value: 42 } })
    expect(result.current).toBe(42)
    const money = renderHook(() => useCountUp('1234.50'))
    expect(money.result.current).toBe('1234.50')
    rerender({ value: 50 })
    await waitFor(() => expect(result.current).toBe(50))
  })
})

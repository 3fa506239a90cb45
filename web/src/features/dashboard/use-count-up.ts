import { useEffect, useRef, useState } from 'react'
import { useReducedMotion } from '../../base/use-reduced-motion.ts'

const DURATION_MS = 600

/**
 * A panel's figure counting up from zero, then from the value shown to each new one (money as decimal text
 * with two places), ending on the exact value; at once under reduced motion.
 */
export function useCountUp(value: string | number): string | number {
  const reduced = useReducedMotion()
  const [shown, setShown] = useState<string | number>(
    reduced ? value : typeof value === 'string' ? '0.00' : 0,
  )
  const from = useRef<string | number>(0)
  useEffect(() => {
    const start = Number(from.current)
    const end = Number(value)
    from.current = value
    if (reduced || !Number.isFinite(start) || !Number.isFinite(end) || start === end) {
      setShown(value)
      return
    }
    const money = typeof value === 'string'
    let frame = 0
    const began = performance.now()
    const step = (now: number) => {
      const progress = Math.min(1, (now - began) / DURATION_MS)
      if (progress >= 1) return setShown(value)
      const current = start + (end - start) * progress
      setShown(money ? current.toFixed(2) : Math.round(current))
      frame = requestAnimationFrame(step)
    }
    frame = requestAnimationFrame(step)
    return () => cancelAnimationFrame(frame)
  }, [value, reduced])
  return shown
}

import { useEffect, useRef, useState } from 'react'
import { useReducedMotion } from '../../base/use-reduced-motion.ts'

const DURATION_MS = 600

/**
 * A panel's figure as it is on first paint, then counting from the value shown to each new one (money as decimal text
 * with two places), ending on the exact value; at once under reduced motion.
 */
export function useCountUp(value: string | number): string | number {
  const reduced = useReducedMotion()
  // The first paint shows the figure itself (a count from 0 would read as a false 0); a change counts over.
  const [shown, setShown] = useState<string | number>(value)
  const from = useRef<string | number>(value)
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
    // The clock `began` was read from: a frame's own timestamp may run on another (jsdom's does).
    const step = () => {
      const progress = Math.min(1, (performance.now() - began) / DURATION_MS)
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

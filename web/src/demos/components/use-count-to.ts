import { useCallback, useEffect, useRef, useState } from 'react'

export interface CountToOptions {
  start: number
  end: number
  /** Milliseconds. */
  duration: number
}

// The template's easing: fast at first, slowing into the end value.
const easeOutExpo = (progress: number) => (progress >= 1 ? 1 : 1 - 2 ** (-10 * progress))

/**
 * A number running from start to end over the duration (requestAnimationFrame), with pause (keeping the
 * time left), resume and reset. Starts by itself.
 */
export function useCountTo({ start, end, duration }: CountToOptions) {
  const [value, setValue] = useState(start)
  const [running, setRunning] = useState(false)
  const frame = useRef(0)
  // Time already run, so a pause resumes where it stopped.
  const elapsed = useRef(0)

  const stop = useCallback(() => cancelAnimationFrame(frame.current), [])

  const run = useCallback(() => {
    stop()
    const from = performance.now() - elapsed.current
    setRunning(true)
    const step = (now: number) => {
      elapsed.current = Math.min(now - from, duration)
      const progress = duration > 0 ? elapsed.current / duration : 1
      setValue(start + (end - start) * easeOutExpo(progress))
      if (progress < 1) frame.current = requestAnimationFrame(step)
      else setRunning(false)
    }
    frame.current = requestAnimationFrame(step)
  }, [start, end, duration, stop])

  const pause = useCallback(() => {
    stop()
    setRunning(false)
  }, [stop])

  const reset = useCallback(() => {
    stop()
    elapsed.current = 0
    setRunning(false)
    setValue(start)
  }, [start, stop])

  const restart = useCallback(() => {
    elapsed.current = 0
    run()
  }, [run])

  useEffect(() => {
    elapsed.current = 0
    run()
    return stop
  }, [run, stop])

  return { value, running, resume: run, pause, reset, restart }
}

export interface NumberFormat {
  decimals: number
  separator: string
  prefix: string
  suffix: string
}

/** 1234567.891 with 2 decimals and ',' as separator: "1,234,567.89", then prefix and suffix. */
export function formatCount(value: number, { decimals, separator, prefix, suffix }: NumberFormat): string {
  const [whole = '0', fraction] = Math.abs(value).toFixed(decimals).split('.')
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, separator)
  return `${value < 0 ? '-' : ''}${prefix}${grouped}${fraction ? `.${fraction}` : ''}${suffix}`
}

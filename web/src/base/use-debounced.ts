import { useEffect, useState } from 'react'

/** `value`, once it has stayed the same for `delay` ms: what the server is asked for when typing pauses. */
export function useDebounced<V>(value: V, delay: number): V {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay)
    return () => clearTimeout(timer)
  }, [value, delay])
  return settled
}

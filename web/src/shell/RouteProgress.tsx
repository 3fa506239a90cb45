import { useEffect, useState } from 'react'
import { useNavigation } from 'react-router'

type Phase = 'idle' | 'running' | 'done'

/** Quick navigations (a kept screen, a loaded chunk) finish before this and show no bar at all. */
const SHOW_AFTER_MS = 80
const DONE_FOR_MS = 300

/**
 * The thin bar at the top while a route change is under way (the template's NProgress): it creeps
 * towards the end while the router loads the next screen, then completes and fades.
 */
export function RouteProgress() {
  const loading = useNavigation().state !== 'idle'
  const [phase, setPhase] = useState<Phase>('idle')

  useEffect(() => {
    if (loading) {
      const timer = setTimeout(() => setPhase('running'), SHOW_AFTER_MS)
      return () => clearTimeout(timer)
    }
    setPhase((current) => (current === 'running' ? 'done' : 'idle'))
  }, [loading])

  useEffect(() => {
    if (phase !== 'done') return
    const timer = setTimeout(() => setPhase('idle'), DONE_FOR_MS)
    return () => clearTimeout(timer)
  }, [phase])

  // Decorative: the screen itself says when it has arrived.
  return <div className="route-progress" data-phase={phase} data-testid="route-progress" aria-hidden="true" />
}

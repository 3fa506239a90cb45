import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { isTypingTarget } from '../keyboard.ts'
import { isSecretPhrase, rememberKey } from './secret-phrase.ts'

// Nobody pays for the effect until the phrase has been typed.
const ParticleEffect = lazy(() => import('./ParticleEffect.tsx'))

/** Listens for the secret phrase outside fields; Escape ends the effect. */
export function EasterEgg() {
  const [playing, setPlaying] = useState(false)
  const typed = useRef('')

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setPlaying(false)
        return
      }
      if (event.ctrlKey || event.metaKey || event.altKey || isTypingTarget(event.target)) return
      typed.current = rememberKey(typed.current, event.key)
      if (isSecretPhrase(typed.current)) {
        typed.current = ''
        setPlaying(true)
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])

  return playing ? (
    <Suspense fallback={null}>
      <ParticleEffect />
    </Suspense>
  ) : null
}

import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { themePresets, useSettings } from '../../stores/settings.ts'

interface Particle {
  x: number
  y: number
  vx: number
  vy: number
  life: number
  color: string
}

const GRAVITY = 0.06
const DRAG = 0.985
const PARTICLES_PER_BURST = 70

function burst(particles: Particle[], width: number, height: number, colors: readonly string[]) {
  const x = width * (0.15 + Math.random() * 0.7)
  const y = height * (0.15 + Math.random() * 0.4)
  const color = colors[Math.floor(Math.random() * colors.length)] ?? '#1890ff'
  for (let i = 0; i < PARTICLES_PER_BURST; i++) {
    const angle = (Math.PI * 2 * i) / PARTICLES_PER_BURST
    const speed = 2 + Math.random() * 3
    particles.push({ x, y, vx: Math.cos(angle) * speed, vy: Math.sin(angle) * speed, life: 1, color })
  }
}

/**
 * Fireworks in the theme colours over the whole page. The canvas lets every click through and is hidden
 * from assistive technology; the hint says how to stop it.
 */
export default function ParticleEffect() {
  const { t } = useTranslation()
  const canvas = useRef<HTMLCanvasElement>(null)
  const theme = useSettings((state) => state.theme)

  useEffect(() => {
    const element = canvas.current
    const context = element?.getContext('2d')
    if (!element || !context) return
    const colors = [theme, ...themePresets]
    const particles: Particle[] = []
    const resize = () => {
      const ratio = window.devicePixelRatio || 1
      element.width = window.innerWidth * ratio
      element.height = window.innerHeight * ratio
      context.setTransform(ratio, 0, 0, ratio, 0, 0)
    }
    resize()
    window.addEventListener('resize', resize)
    let frame = 0
    let tick = 0
    const draw = () => {
      const width = window.innerWidth
      const height = window.innerHeight
      if (tick++ % 40 === 0) burst(particles, width, height, colors)
      context.clearRect(0, 0, width, height)
      for (let i = particles.length - 1; i >= 0; i--) {
        const p = particles[i] as Particle
        p.vx *= DRAG
        p.vy = p.vy * DRAG + GRAVITY
        p.x += p.vx
        p.y += p.vy
        p.life -= 0.012
        if (p.life <= 0) {
          particles.splice(i, 1)
          continue
        }
        context.globalAlpha = p.life
        context.fillStyle = p.color
        context.beginPath()
        context.arc(p.x, p.y, 2.5, 0, Math.PI * 2)
        context.fill()
      }
      context.globalAlpha = 1
      frame = requestAnimationFrame(draw)
    }
    frame = requestAnimationFrame(draw)
    return () => {
      cancelAnimationFrame(frame)
      window.removeEventListener('resize', resize)
    }
  }, [theme])

  return (
    <>
      <div aria-hidden="true">
        <canvas ref={canvas} className="easter-egg" data-testid="easter-egg" />
      </div>
      <p className="easter-egg-hint" role="status">
        {t('shell.easterEgg.hint')}
      </p>
    </>
  )
}

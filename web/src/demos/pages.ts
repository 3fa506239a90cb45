import type { ComponentType } from 'react'

// Every demo screen, each its own chunk, found by name (*Page.tsx under an area's folder).
const pages = import.meta.glob<{ default: ComponentType }>('./*/*Page.tsx')

export function loadDemoPage(file: string): Promise<{ default: ComponentType }> {
  const load = pages[`./${file}.tsx`]
  if (!load) throw new Error(`No demo page ${file}`)
  return load()
}

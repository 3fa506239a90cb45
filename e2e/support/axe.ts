import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'
import { afterAll } from 'vitest'
import { settled } from './waits.ts'

/** axe-core's browser build; injected into pages under test only, never part of the web app. */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

export interface Violation {
  id: string
  impact: string | null
  help: string
  /** Each failing node's CSS selector path. */
  targets: string[]
}

/**
 * WCAG 2.0 / 2.1 / 2.2 A and AA rules, and label-content-name-mismatch (visible label inside the accessible
 * name, WCAG 2.5.3), which axe ships as experimental and so leaves off unless named.
 */
const runOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
  rules: { 'label-content-name-mismatch': { enabled: true } },
  resultTypes: ['violations'],
}

export interface AxeScope {
  /** Only within the elements this selects (the whole page when it selects none). */
  within?: string
  /** Only these rules (e.g. `color-contrast` where only colours changed); all of runOptions' otherwise. */
  rules?: string[]
}

/** Runs axe over what the page shows now; the page's context must allow the injected script (bypassCSP). */
export async function axeViolations(page: Page, scope: AxeScope = {}): Promise<Violation[]> {
  if (!(await page.evaluate('typeof window.axe === "object"')))
    await page.addScriptTag({ content: axeSource })
  const options = scope.rules
    ? { runOnly: { type: 'rule', values: scope.rules }, resultTypes: runOptions.resultTypes }
    : runOptions
  return page.evaluate(
    async ({ options, within }) => {
      // biome-ignore lint/suspicious/noExplicitAny: the page's globals (the root tsconfig has no DOM types)
      const { axe, document } = globalThis as any
      const scoped = within && document.querySelector(within)
      const result = await axe.run(scoped ? { include: [[within]] } : document, options)
      // biome-ignore lint/suspicious/noExplicitAny: axe's result shape, read in the page
      return result.violations.map((v: any) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        // biome-ignore lint/suspicious/noExplicitAny: as above
        targets: v.nodes.map((n: any) => {
          // Contrast failures say what they measured: the colours and the ratio.
          const data = n.any?.[0]?.data
          const measured = data?.contrastRatio
            ? ` (${data.fgColor} on ${data.bgColor}: ${data.contrastRatio})`
            : ''
          return `${n.target.join(' ')}${measured}`
        }),
      }))
    },
    { options, within: scope.within },
  )
}

/** Serious and critical violations: the ones the suite refuses. */
export const blocking = (violations: Violation[]) =>
  violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')

/** One line per violation and its nodes, for a failure message. */
const describeViolations = (where: string, violations: Violation[]) =>
  violations
    .map(
      (v) =>
        `${where}: ${v.id} (${v.impact}, ${v.targets.length}) ${v.help}\n    ${v.targets.join('\n    ')}`,
    )
    .join('\n')

/**
 * A file's axe check: settles the page, runs axe and answers its serious and critical violations as one text
 * ('' for none). Every violation the file's checks saw is printed when the file ends, the measurement
 * whatever the outcome.
 */
export function axeChecks(): (page: Page, where: string, scope?: AxeScope) => Promise<string> {
  const seen: Violation[][] = []
  afterAll(() => {
    const kinds = new Map<string, { impact: string | null; nodes: number; screens: number }>()
    for (const violations of seen)
      for (const v of violations) {
        const kind = kinds.get(v.id) ?? { impact: v.impact, nodes: 0, screens: 0 }
        kind.nodes += v.targets.length
        kind.screens += 1
        kinds.set(v.id, kind)
      }
    const lines = [...kinds].map(
      ([id, k]) => `  ${id} (${k.impact}): ${k.nodes} nodes on ${k.screens} screens`,
    )
    console.log(`axe: ${seen.length} screens checked, ${kinds.size} kinds of violation\n${lines.join('\n')}`)
  })
  return async (page, where, scope) => {
    await settled(page)
    const violations = await axeViolations(page, scope)
    seen.push(violations)
    return describeViolations(where, blocking(violations))
  }
}

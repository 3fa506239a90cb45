import { hiddenFigures } from '@vod/contract'
import type { FastifyRequest } from 'fastify'

const none: ReadonlySet<string> = new Set()

/**
 * The figures the caller's field rules hide (contract/src/field-rules.ts `hiddenFigures`: the fees for who
 * may not read an order's fees whole), as its session read them at this request, so a narrowed role counts
 * at its next call.
 */
export function hiddenFiguresOf(request: FastifyRequest): ReadonlySet<string> {
  const rules = request.admin?.fieldRules
  return rules && Object.keys(rules).length > 0 ? hiddenFigures(rules) : none
}

/**
 * An answer without the hidden figures: each key naming one is left out wherever it stands (a day's row, a
 * period's totals, a dashboard panel, a quarter-hour), so the figure is absent, not zero. The answers are
 * bounded (a row a day of at most three years), so this walk costs what parsing them does.
 */
export function withoutFigures(answer: unknown, hidden: ReadonlySet<string>): unknown {
  if (Array.isArray(answer)) return answer.map((item) => withoutFigures(item, hidden))
  if (answer === null || typeof answer !== 'object') return answer
  return Object.fromEntries(
    Object.entries(answer)
      .filter(([key]) => !hidden.has(key))
      .map(([key, value]) => [key, withoutFigures(value, hidden)]),
  )
}

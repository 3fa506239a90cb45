/**
 * The event-loop time a JSON body costs before any route runs (plugins/json-body.ts: the NUL check and the
 * nesting cap), for bodies shaped to be expensive: very deep, deep and wide, and flat. Prints the time
 * per body; the check is linear in the body's size, so none of these should come near a millisecond per KB.
 *
 *   npx tsx bench/nested-json.ts
 */
import { performance } from 'node:perf_hooks'
import { bodyProblem, MAX_BODY_DEPTH } from '../server/src/plugins/json-body.ts'

const objects = (depth: number) => `${'{"a":'.repeat(depth)}"x"${'}'.repeat(depth)}`
const chains = (count: number) =>
  `[${Array.from({ length: count }, () => objects(MAX_BODY_DEPTH - 1)).join(',')}]`
const flat = (count: number) =>
  JSON.stringify(Object.fromEntries(Array.from({ length: count }, (_, i) => [`k${i}`, `v${i}`])))

const cases: [string, string][] = [
  ['6,000 levels deep (refused)', objects(6000)],
  ['200,000 levels deep (refused)', '['.repeat(200_000) + ']'.repeat(200_000)],
  [
    `chains ${MAX_BODY_DEPTH - 1} deep, as many as 1 MB holds`,
    chains(Math.floor((1024 * 1024) / (MAX_BODY_DEPTH * 7))),
  ],
  ['one flat object of 40,000 keys', flat(40_000)],
]

console.log('body'.padEnd(48), 'size KB'.padStart(8), 'ms / check'.padStart(11), 'answer'.padStart(10))
for (const [name, text] of cases) {
  const parsed = JSON.parse(text)
  const runs = 20
  bodyProblem(parsed)
  const started = performance.now()
  let answer: ReturnType<typeof bodyProblem> = null
  for (let i = 0; i < runs; i++) answer = bodyProblem(parsed)
  const ms = (performance.now() - started) / runs
  const verdict = answer === null ? 'accepted' : 'tooDeep' in answer ? '400' : '422'
  console.log(
    name.padEnd(48),
    (text.length / 1024).toFixed(0).padStart(8),
    ms.toFixed(3).padStart(11),
    verdict.padStart(10),
  )
}

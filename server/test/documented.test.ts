import { readFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { settingNames } from '../src/config.ts'
import { describeEachEngine } from './support/databases.ts'
import { startTestApp, type TestApp } from './support/harness.ts'

/**
 * Issue 57's "Done when": README's configuration table names every setting the server reads, and
 * docs/operations.md's metric table every metric family it serves (a row's `prefix_*` covers prom-client's
 * process metrics), so a setting or a metric added without its documentation fails here.
 */
const root = path.join(import.meta.dirname, '..', '..')
const read = (file: string) => readFileSync(path.join(root, file), 'utf8')
/** The `name`s in the cells of a markdown table's rows (lines starting with `|`). */
const tableNames = (text: string) =>
  new Set(
    text
      .split('\n')
      .filter((line) => line.startsWith('|'))
      .flatMap((line) => [...line.matchAll(/`([A-Za-z0-9_*]+)`/g)].map((m) => m[1] as string)),
  )

it("names every setting in README's configuration table", () => {
  const documented = tableNames(read('README.md'))
  expect(settingNames.length).toBeGreaterThan(30)
  expect(settingNames.filter((name) => !documented.has(name))).toEqual([])
})

describeEachEngine('the metrics documented', (engine) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(engine, { env: { METRICS_TOKEN: 'documented-token-0123456789' } })
  })
  afterAll(() => t?.close())

  it("names every metric family /metrics serves in docs/operations.md's table", async () => {
    const answer = await fetch(`${t.url}/metrics`, {
      headers: { authorization: 'Bearer documented-token-0123456789' },
    })
    const families = [...(await answer.text()).matchAll(/^# TYPE (\S+) /gm)].map((m) => m[1] as string)
    expect(families.length).toBeGreaterThan(20)
    const documented = [...tableNames(read('docs/operations.md'))].filter((name) => name.startsWith('vod_'))
    const covered = (family: string) =>
      documented.some((name) =>
        name.endsWith('*')
          ? family.startsWith(name.slice(0, -1))
          : family === name || family === `${name}_total`,
      )
    expect(families.filter((family) => !covered(family))).toEqual([])
  })
})

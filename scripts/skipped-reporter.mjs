// A vitest reporter that says what a run skipped and why, so a suite that ran without PostgreSQL or Redis is
// never mistaken for one that passed on them. A skipped suite or test names its reason in brackets
// (`[postgres: skipped, set TEST_DATABASE_URL]`, server/test/support/databases.ts); this prints one line per
// reason with how many suites and tests it took, then each of them. With SKIPPED_SUMMARY naming a file, the
// reason lines are appended to it too, for `npm test`'s stage summary (scripts/test.mjs).
import { appendFileSync } from 'node:fs'

/** The reason a name gives in brackets, `[what: skipped, why]`; unmarked skips are listed as such. */
const reasonOf = (name) => /\[([^\]]*skipped[^\]]*)\]/.exec(name)?.[1] ?? 'skipped, no reason in its name'

/** The outermost skipped suites and tests of a module: a suite skipped whole is one entry, not each test. */
function* skippedOf(collection) {
  for (const child of collection) {
    if (child.type === 'suite') {
      if (child.state() === 'skipped') yield child
      else yield* skippedOf(child.children)
    } else if (child.result().state === 'skipped') yield child
  }
}

export default class SkippedReporter {
  onTestRunEnd(testModules) {
    const byReason = new Map()
    for (const module of testModules)
      for (const skipped of skippedOf(module.children)) {
        const reason = reasonOf(skipped.fullName)
        const list = byReason.get(reason) ?? []
        list.push({ kind: skipped.type, where: `${module.relativeModuleId} > ${skipped.fullName}` })
        byReason.set(reason, list)
      }
    if (byReason.size === 0) return
    const lines = [...byReason].map(([reason, list]) => {
      const suites = list.filter((entry) => entry.kind === 'suite').length
      const tests = list.length - suites
      const counted = [
        suites && `${suites} suite${suites === 1 ? '' : 's'}`,
        tests && `${tests} test${tests === 1 ? '' : 's'}`,
      ]
      return `skipped: ${counted.filter(Boolean).join(' and ')} [${reason}]`
    })
    console.log(
      `\n${[...byReason].map(([, list], n) => [lines[n], ...list.map((entry) => `  ${entry.where}`)].join('\n')).join('\n')}`,
    )
    if (process.env.SKIPPED_SUMMARY) appendFileSync(process.env.SKIPPED_SUMMARY, `${lines.join('\n')}\n`)
  }
}

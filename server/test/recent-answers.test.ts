import { describe, expect, it } from 'vitest'
import { forgetAnswers, freshOf, recentAnswers, STALE_MS } from '../src/modules/analytics/recent-answers.ts'

const FRESH_MS = freshOf(STALE_MS)

/** A call whose answers count up, made when `resolve` is called (or at once). */
function counting(atOnce = true) {
  let made = 0
  const waiting: (() => void)[] = []
  const work = () => {
    made += 1
    const answer = made
    return atOnce
      ? Promise.resolve(answer)
      : new Promise<number>((resolve) => waiting.push(() => resolve(answer)))
  }
  return { work, made: () => made, finish: () => waiting.shift()?.() }
}

describe('recent answers', () => {
  const db = {}
  let clock = 0
  const now = () => clock

  it('answers a call asked again within FRESH_MS without making it again', async () => {
    const answers = recentAnswers(db, STALE_MS, now)
    const call = counting()
    clock = 1000
    expect(await answers.answer('a', call.work)).toBe(1)
    clock += FRESH_MS - 1
    expect(await answers.answer('a', call.work)).toBe(1)
    expect(call.made()).toBe(1)
    // Another key is another answer.
    expect(await answers.answer('b', call.work)).toBe(2)
  })

  it('gives the same call asked while it is made the one answer', async () => {
    const answers = recentAnswers(db, STALE_MS, now)
    const call = counting(false)
    const both = [answers.answer('a', call.work), answers.answer('a', call.work)]
    call.finish()
    expect(await Promise.all(both)).toEqual([1, 1])
    expect(call.made()).toBe(1)
  })

  it('answers within STALE_MS while one refresh runs, and waits for a new answer after', async () => {
    const answers = recentAnswers(db, STALE_MS, now)
    const call = counting(false)
    clock = 5000
    const first = answers.answer('a', call.work)
    call.finish()
    expect(await first).toBe(1)
    clock += FRESH_MS
    expect(await answers.answer('a', call.work)).toBe(1)
    expect(await answers.answer('a', call.work)).toBe(1)
    expect(call.made()).toBe(2)
    call.finish()
    await new Promise((resolve) => setImmediate(resolve))
    expect(await answers.answer('a', call.work)).toBe(2)
    // The refreshed answer counts from when its making started.
    clock += STALE_MS
    const third = answers.answer('a', call.work)
    call.finish()
    expect(await third).toBe(3)
  })

  it('forgets every answer when the figures change at once (a fold in this process)', async () => {
    const answers = recentAnswers(db, STALE_MS, now)
    const call = counting()
    clock = 9000
    expect(await answers.answer('a', call.work)).toBe(1)
    forgetAnswers(db)
    expect(await answers.answer('a', call.work)).toBe(2)
    // Another database's answers stay.
    const other = {}
    const theirs = recentAnswers(other, STALE_MS, now)
    expect(await theirs.answer('a', call.work)).toBe(3)
    forgetAnswers(db)
    expect(await theirs.answer('a', call.work)).toBe(3)
  })

  it('keeps none when ANALYTICS_RECENT_MS is 0: every call runs', async () => {
    const answers = recentAnswers(db, 0, now)
    const call = counting()
    expect(await answers.answer('a', call.work)).toBe(1)
    expect(await answers.answer('a', call.work)).toBe(2)
  })

  it('keeps no failure: the next call makes the answer again', async () => {
    const answers = recentAnswers(db, STALE_MS, now)
    let made = 0
    const failing = () => {
      made += 1
      return made === 1 ? Promise.reject(new Error('busy')) : Promise.resolve(made)
    }
    await expect(answers.answer('a', failing)).rejects.toThrow('busy')
    expect(await answers.answer('a', failing)).toBe(2)
  })
})

import { describe, expect, it } from 'vitest'
import { theirChanges, theirsOnTop } from '../src/components/resource/edit-conflict.ts'

const base = { id: 3, version: '734', first_name: null, last_name: 'Lee', tag_ids: [1], updated_at: 'a' }
const now = { id: 3, version: '812', first_name: 'Ann', last_name: 'Lee', tag_ids: [1, 2], updated_at: 'b' }

describe('an edit conflict', () => {
  it("says what the other person changed, field by field, without the record's bookkeeping", () => {
    expect(theirChanges(base, now)).toEqual({ first_name: [null, 'Ann'], tag_ids: [[1], [1, 2]] })
    expect(theirChanges(base, { ...base, version: '900', updated_at: 'c' })).toBeNull()
  })

  it('puts their change over what was typed: their fields take theirs, the others keep the input', () => {
    const typed = { first_name: 'Mine', last_name: 'Typed', tag_ids: [1], phone: '+1 555' }
    expect(theirsOnTop(typed, base, now, ['first_name', 'last_name', 'tag_ids', 'phone'])).toEqual({
      first_name: 'Ann',
      last_name: 'Typed',
      tag_ids: [1, 2],
      phone: '+1 555',
    })
  })
})

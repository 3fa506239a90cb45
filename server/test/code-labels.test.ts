import type { ActionTable } from '@vod/contract'
import { describe, expect, it } from 'vitest'
import { resourceModules } from '../../contract/test/support/resource-modules.ts'
import { codeLabels } from '../src/i18n/code-labels.ts'
import { languages, translate } from '../src/i18n/index.ts'

/** Every action table of the contracts: the states and transitions a refusal may name. */
const tables = (await resourceModules()).flatMap((module) =>
  Object.values(module).flatMap((value) => {
    const actions = (value as { path?: unknown; actions?: unknown } | null)?.actions
    return typeof (value as { path?: unknown })?.path === 'string' && actions ? [actions as ActionTable] : []
  }),
)

describe('a refusal for a record state names the state and the action by their labels (issue 36)', () => {
  it('finds the action tables', () => expect(tables.length).toBeGreaterThan(5))

  it.each(languages)('labels every state and action of the contracts in %s', (language) => {
    for (const table of tables)
      for (const [action, spec] of Object.entries(table)) {
        expect(codeLabels.action[language][action], `${language}: action ${action}`).toBeTruthy()
        const states = [...spec.from, ...(typeof spec.to === 'string' ? [spec.to] : [])]
        for (const state of states)
          expect(codeLabels.state[language][state], `${language}: state ${state}`).toBeTruthy()
      }
  })

  it('says them in Chinese, never as codes', () => {
    expect(translate('zh-CN', 'errors.action_state', { state: 'disabled', action: 'disable' })).toBe(
      '记录处于「已禁用」状态，不能执行「禁用」。',
    )
    expect(translate('en', 'errors.action_state', { state: 'pending', action: 'reject-report' })).toBe(
      'The action reject report does not apply while the record is pending.',
    )
  })
})

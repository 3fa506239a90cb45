import type { Language } from './languages.ts'

/**
 * The wire's states and transitions (the contracts' action tables) as the screens name them, for messages
 * that mention one (`errors.action_state`): a code read in English is its own word, in Chinese never. A
 * test holds every state and action of the contracts to having both.
 */
export const codeLabels: Record<'state' | 'action', Record<Language, Record<string, string>>> = {
  state: {
    en: {
      enabled: 'enabled',
      disabled: 'disabled',
      active: 'active',
      archived: 'archived',
      open: 'open',
      solved: 'solved',
      draft: 'draft',
      published: 'published',
      pending: 'pending',
      banned: 'banned',
      rejected: 'rejected',
      none: 'not reported',
      done: 'done',
      failed: 'failed',
      cancelled: 'cancelled',
    },
    'zh-CN': {
      enabled: '已启用',
      disabled: '已禁用',
      active: '进行中',
      archived: '已归档',
      open: '待处理',
      solved: '已解决',
      draft: '草稿',
      published: '已发布',
      pending: '待审核',
      banned: '已封禁',
      rejected: '已驳回',
      none: '未被举报',
      done: '已执行',
      failed: '执行失败',
      cancelled: '已取消',
    },
  },
  action: {
    en: {
      enable: 'enable',
      disable: 'disable',
      archive: 'archive',
      recover: 'recover',
      solve: 'solve',
      publish: 'publish',
      unpublish: 'unpublish',
      ban: 'ban',
      'reject-report': 'reject report',
      cancel: 'cancel',
    },
    'zh-CN': {
      enable: '启用',
      disable: '禁用',
      archive: '归档',
      recover: '恢复',
      solve: '解决',
      publish: '发布',
      unpublish: '下架',
      ban: '封禁',
      'reject-report': '驳回举报',
      cancel: '取消',
    },
  },
}

/** A message parameter as the language reads it: a state or action by its label, anything else as it is. */
export function paramText(language: Language, name: string, value: string | number): string {
  const labels = name === 'state' || name === 'action' ? codeLabels[name][language] : undefined
  return labels?.[String(value)] ?? String(value)
}

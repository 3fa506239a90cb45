import { definePairs } from '../../i18n/define-locale.ts'

/** Strings of a record's changes shown field by field (`t('changes.empty')`), in both languages. */
export const changesLocale = definePairs({
  empty: ['(empty)', '（空）'],
  /** A secret's value, which is never recorded: only that it changed. */
  secret: ['(changed)', '（已修改）'],
  /** A value of a field the reader's roles hide: that it changed, never what it was. */
  hidden: ['(hidden by your role)', '（因角色隐藏）'],
})

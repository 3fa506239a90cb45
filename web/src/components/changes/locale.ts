import { definePairs } from '../../i18n/define-locale.ts'

/** Strings of a record's changes shown field by field (`t('changes.empty')`), in both languages. */
export const changesLocale = definePairs({
  empty: ['(empty)', '（空）'],
  /** A secret's value, which is never recorded: only that it changed. */
  secret: ['(changed)', '（已修改）'],
})

import { PASSWORD_MAX, PASSWORD_MIN, passwordIssue } from '@vod/contract/rules'
import type { FormRule } from 'antd'
import type { TFunction } from 'i18next'

/**
 * Spec section 5's password rule for antd forms, with the contract's length: the exact messages of
 * `validation.password.*`. `optional`: an empty value passes (an edit form keeps the old password).
 */
export function passwordRule(t: TFunction, { optional = false } = {}): FormRule {
  return {
    // Marks the field as required; the validator below, not antd's own message, says what is missing.
    required: !optional,
    validator: async (_, value?: string) => {
      if (optional && !value) return
      const issue = passwordIssue(value)
      if (issue) throw new Error(t(`validation.password.${issue}`))
      if (value && (value.length < PASSWORD_MIN || value.length > PASSWORD_MAX))
        throw new Error(t('validation.passwordLength', { min: PASSWORD_MIN, max: PASSWORD_MAX }))
    },
  }
}

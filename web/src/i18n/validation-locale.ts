import { passwordMessages } from '@vod/contract/rules'
import { defineLocale } from './define-locale.ts'

/** Field rules shared with the server (contract/src/rules.ts); the English text is the contract's own. */
export const validationLocale = defineLocale({
  en: {
    password: { ...passwordMessages },
    usernameRequired: 'Please input the username.',
    passwordLength: 'The password must be {{min}} to {{max}} characters long.',
  },
  'zh-cn': {
    password: {
      required: '请输入密码。',
      letter: '密码中没有包含任何字母。',
      number: '密码中没有包含任何数字。',
      letterAndNumber: '请确保密码至少包含一个数字和一个字母。',
    },
    usernameRequired: '请输入用户名。',
    passwordLength: '密码长度必须为 {{min}} 到 {{max}} 个字符。',
  },
})

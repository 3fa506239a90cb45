import { passwordMessages } from '@vod/contract/rules'
import { defineLocale } from './define-locale.ts'

/** Field rules shared with the server (contract/src/rules.ts); the English text is the contract's own. */
export const validationLocale = defineLocale({
  en: {
    password: { ...passwordMessages },
    usernameRequired: 'Please input the username.',
    passwordLength: 'The password must be {{min}} to {{max}} characters long.',
    /** antd's own field checks (components/antd/AntdProvider.tsx); antd's Chinese ones name the type in English. */
    types: {
      email: '{{label}} is not a valid e-mail address.',
      url: '{{label}} is not a valid web address.',
      number: '{{label}} must be a number.',
      integer: '{{label}} must be a whole number.',
      date: '{{label}} is not a valid date.',
    },
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
    types: {
      email: '{{label}}不是有效的邮箱地址。',
      url: '{{label}}不是有效的网址。',
      number: '{{label}}必须是数字。',
      integer: '{{label}}必须是整数。',
      date: '{{label}}不是有效的日期。',
    },
  },
})

import { defineLocale } from '../../i18n/define-locale.ts'

export const loginLocale = defineLocale({
  en: {
    title: 'Login Form',
    username: 'Username',
    password: 'Password',
    submit: 'Login',
    showPassword: 'Show password',
    hidePassword: 'Hide password',
    twoFactorUnsupported: 'This account needs an authenticator code, which this screen cannot take yet.',
  },
  'zh-cn': {
    title: '系统登录',
    username: '用户名',
    password: '密码',
    submit: '登录',
    showPassword: '显示密码',
    hidePassword: '隐藏密码',
    twoFactorUnsupported: '该账户需要身份验证器验证码，当前登录页暂不支持。',
  },
})

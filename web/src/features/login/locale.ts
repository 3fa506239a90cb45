import { defineLocale } from '../../i18n/define-locale.ts'

export const loginLocale = defineLocale({
  en: {
    title: 'Login Form',
    username: 'Username',
    password: 'Password',
    submit: 'Login',
    showPassword: 'Show password',
    hidePassword: 'Hide password',
    unexpectedAnswer: 'The server gave an answer this screen does not understand. Please try again.',
  },
  'zh-cn': {
    title: '系统登录',
    username: '用户名',
    password: '密码',
    submit: '登录',
    showPassword: '显示密码',
    hidePassword: '隐藏密码',
    unexpectedAnswer: '服务器返回了无法识别的应答，请重试。',
  },
})

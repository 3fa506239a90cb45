import { defineResourceLocale } from '../../components/resource/resource-locale.ts'

export const usersLocale = defineResourceLocale({
  title: ['Members', '会员'],
  noun: ['member', '会员'],
  keyword: ['Username or e-mail start, domain, phone', '用户名或邮箱开头、邮箱域名、电话'],
  batchCreateTitle: ['Batch create members', '批量创建会员'],
  fields: {
    avatar: ['Avatar', '头像'],
    email_verified_at: ['E-mail verified', '邮箱验证时间'],
    first_name: ['First name', '名'],
    last_name: ['Last name', '姓'],
    birthdate: ['Birthdate', '生日'],
    start_date: ['Membership starts', '会员开始日期'],
    end_date: ['Membership ends', '会员到期日期'],
    banner: ['Banner', '横幅'],
    created_at: ['Signed up', '注册时间'],
  },
  actions: {
    'send-email-verification': ['Send verification e-mail', '发送验证邮件'],
    'send-reset-password': ['Send password reset', '发送密码重置邮件'],
  },
  confirms: {
    disable: [
      'Disable this member? They can no longer sign in to the site.',
      '确定禁用该会员？禁用后其将无法登录网站。',
    ],
  },
  mailSent: {
    smtp: [
      'The e-mail to {{recipient}} is queued for the mail server: its state below says when it has gone.',
      '发给 {{recipient}} 的邮件已排队等待邮件服务器，下方的状态会显示何时发出。',
    ],
    outbox: [
      'No mail server is set up yet (your technical administrator sets one up): the e-mail to {{recipient}} was kept in the outbox.',
      '尚未配置邮件服务器（请联系技术管理员配置）：发给 {{recipient}} 的邮件已留在发件箱。',
    ],
  },
  noEmail: ['This member has no e-mail address.', '该会员没有邮箱地址。'],
  /** Where the caller's role hides the member's e-mail, its mails name the member instead. */
  theMember: ['the member', '该会员'],
  send: ['Send', '发送'],
  confirmSend: {
    'email-verification': [
      'Send the verification e-mail to {{recipient}}?',
      '确定向 {{recipient}} 发送验证邮件？',
    ],
    'reset-password': [
      'Send a password reset e-mail to {{recipient}}?',
      '确定向 {{recipient}} 发送密码重置邮件？',
    ],
  },
  mails: {
    title: ['E-mails to this member', '发给该会员的邮件'],
    noServer: [
      'No mail server is set up yet (your technical administrator sets one up): e-mails wait in the outbox and do not reach the member.',
      '尚未配置邮件服务器（请联系技术管理员配置）：邮件留在发件箱中，不会送达会员。',
    ],
    remaining: [
      'Left this hour: {{verification}} of {{limit}} verification e-mails, {{reset}} of {{limit}} password resets.',
      '本小时剩余：验证邮件 {{verification}}/{{limit}} 封，密码重置邮件 {{reset}}/{{limit}} 封。',
    ],
    sentAt: ['Sent', '发送时间'],
    kind: ['E-mail', '邮件'],
    recipient: ['To', '收件人'],
    status: ['Status', '状态'],
    kinds: {
      'email-verification': ['Verification', '验证邮件'],
      'reset-password': ['Password reset', '密码重置'],
    },
    states: {
      sent: ['Sent to the mail server', '已交给邮件服务器'],
      queued: ['Queued for the mail server', '排队等待邮件服务器'],
      failed: [
        'Failed: not delivered (refused, out of tries or link expired)',
        '发送失败：未送达（被拒收、重试次数用尽或链接已过期）',
      ],
      outbox: ['In the outbox (not delivered)', '在发件箱中（未送达）'],
    },
  },
})

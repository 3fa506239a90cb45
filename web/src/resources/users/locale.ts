import { defineLocale } from '../../i18n/define-locale.ts'

export const usersLocale = defineLocale({
  en: {
    title: 'Members',
    keyword: 'Username or e-mail start, domain, phone',
    editTitle: 'Edit member',
    showTitle: 'Member',
    batchCreateTitle: 'Batch create members',
    fields: {
      avatar: 'Avatar',
      email_verified_at: 'E-mail verified',
      first_name: 'First name',
      last_name: 'Last name',
      birthdate: 'Birthdate',
      start_date: 'Membership starts',
      end_date: 'Membership ends',
      banner: 'Banner',
      created_at: 'Signed up',
    },
    actions: {
      'send-email-verification': 'Send verification e-mail',
      'send-reset-password': 'Send password reset',
    },
    confirms: { disable: 'Disable this member? They can no longer sign in to the site.' },
    mailSent: {
      smtp: 'The e-mail to {{recipient}} was handed to the mail server.',
      outbox: 'No mail server is set up (SMTP_URL): the e-mail to {{recipient}} was written to the outbox.',
    },
    noEmail: 'This member has no e-mail address.',
    send: 'Send',
    confirmSend: {
      'email-verification': 'Send the verification e-mail to {{recipient}}?',
      'reset-password': 'Send a password reset e-mail to {{recipient}}?',
    },
    mails: {
      title: 'E-mails to this member',
      noServer:
        'No mail server is set up (SMTP_URL): e-mails wait in the outbox and do not reach the member.',
      remaining:
        'Left this hour: {{verification}} of {{limit}} verification e-mails, {{reset}} of {{limit}} password resets.',
      sentAt: 'Sent',
      kind: 'E-mail',
      recipient: 'To',
      status: 'Status',
      kinds: { 'email-verification': 'Verification', 'reset-password': 'Password reset' },
      states: {
        sent: 'Sent to the mail server',
        queued: 'Queued: the mail server will be tried again',
        failed: 'Failed: not delivered (refused, out of tries or link expired)',
        outbox: 'In the outbox (not delivered)',
      },
    },
  },
  'zh-cn': {
    title: '会员',
    keyword: '用户名或邮箱开头、邮箱域名、电话',
    editTitle: '编辑会员',
    showTitle: '会员详情',
    batchCreateTitle: '批量创建会员',
    fields: {
      avatar: '头像',
      email_verified_at: '邮箱验证时间',
      first_name: '名',
      last_name: '姓',
      birthdate: '生日',
      start_date: '会员开始日期',
      end_date: '会员到期日期',
      banner: '横幅',
      created_at: '注册时间',
    },
    actions: {
      'send-email-verification': '发送验证邮件',
      'send-reset-password': '发送密码重置邮件',
    },
    confirms: { disable: '确定禁用该会员？禁用后其将无法登录网站。' },
    mailSent: {
      smtp: '发给 {{recipient}} 的邮件已交给邮件服务器。',
      outbox: '未配置邮件服务器（SMTP_URL）：发给 {{recipient}} 的邮件已写入发件箱。',
    },
    noEmail: '该会员没有邮箱地址。',
    send: '发送',
    confirmSend: {
      'email-verification': '确定向 {{recipient}} 发送验证邮件？',
      'reset-password': '确定向 {{recipient}} 发送密码重置邮件？',
    },
    mails: {
      title: '发给该会员的邮件',
      noServer: '未配置邮件服务器（SMTP_URL）：邮件留在发件箱中，不会送达会员。',
      remaining: '本小时剩余：验证邮件 {{verification}}/{{limit}} 封，密码重置邮件 {{reset}}/{{limit}} 封。',
      sentAt: '发送时间',
      kind: '邮件',
      recipient: '收件人',
      status: '状态',
      kinds: { 'email-verification': '验证邮件', 'reset-password': '密码重置' },
      states: {
        sent: '已交给邮件服务器',
        queued: '排队中：将再次尝试邮件服务器',
        failed: '发送失败：未送达（被拒收、重试次数用尽或链接已过期）',
        outbox: '在发件箱中（未送达）',
      },
    },
  },
})

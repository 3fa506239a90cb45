import { defineResourceLocale } from '../../components/resource/resource-locale.ts'

export const rolesLocale = defineResourceLocale({
  title: ['Roles', '角色'],
  noun: ['role', '角色'],
  fields: {
    name: ['Role name', '角色名称'],
    permissions: ['Permissions', '权限'],
    admins: ['Admins', '管理员'],
    admin_ids: ['Admins holding this role', '拥有此角色的管理员'],
    field_rules: ['Field access', '字段权限'],
  },
  fieldRule: {
    write: ['Read and write', '读写'],
    read: ['Read only', '只读'],
    masked: ['Masked', '掩码'],
    none: ['Hidden', '隐藏'],
  },
  fieldRulesNone: [
    'Tick permissions first: each resource they open lists its fields here.',
    '请先勾选权限：所开放资源的字段会列在这里。',
  ],
  fieldRulesHint: [
    'What holders of this role may do with each field. Hidden fields are absent from every list, record, export and search; masked ones show only enough to recognise them.',
    '此角色的持有者对每个字段的权限。隐藏的字段不会出现在任何列表、记录、导出和搜索中；掩码字段只显示足以辨认的部分。',
  ],
  superAdminFixed: [
    'The super-admin role keeps its name and every permission; only who holds it can change.',
    '超级管理员角色的名称和全部权限不可更改，只能调整由谁担任。',
  ],
  channelScopeWarning: [
    'This role reads orders, members or figures, which are kept to the channels each holder administers. Without "See every channel" (under Channels), an admin who administers no channel sees none of them: tick it, or make the admins channel admins.',
    '此角色可查看订单、会员或数据，这些内容仅限于持有者所管理的渠道。未勾选“查看全部渠道”（在“渠道”下）时，未管理任何渠道的管理员什么也看不到：请勾选该权限，或将管理员设为渠道管理员。',
  ],
  superAdminKept: ['The super-admin role cannot be deleted.', '超级管理员角色不能删除。'],
})

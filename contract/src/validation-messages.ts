/**
 * What the validation rules say when a value breaks them, in both languages the API and the screens speak:
 * the server's 422 messages and the web forms' field messages are the same text. `{attribute}` is the field's
 * name as people read it; the other `{name}`s are the rule's parameters (contract/src/issues.ts).
 */
export const validationMessages = {
  en: {
    'validation.required': 'The {attribute} field is required.',
    'validation.string': 'The {attribute} field must be a string.',
    'validation.integer': 'The {attribute} field must be an integer.',
    'validation.number': 'The {attribute} field must be a number.',
    'validation.boolean': 'The {attribute} field must be 1 or 0.',
    'validation.array': 'The {attribute} field must be an array.',
    'validation.object': 'The {attribute} field must be an object.',
    'validation.in': 'The selected {attribute} is invalid.',
    'validation.min.string': 'The {attribute} field must be at least {min} characters.',
    'validation.max.string': 'The {attribute} field must not be greater than {max} characters.',
    'validation.min.number': 'The {attribute} field must be at least {min}.',
    'validation.max.number': 'The {attribute} field must not be greater than {max}.',
    'validation.min.array': 'The {attribute} field must have at least {min} items.',
    'validation.max.array': 'The {attribute} field must not have more than {max} items.',
    'validation.date': 'The {attribute} field must be a valid date (YYYY-MM-DD or ISO 8601).',
    'validation.date_years': 'The {attribute} field must be a date in the years 1 to 9999 (UTC).',
    'validation.email': 'The {attribute} field must be a valid email address.',
    'validation.url': 'The {attribute} field must be a valid URL.',
    'validation.format': 'The {attribute} field format is invalid.',
    'validation.unique': 'The {attribute} has already been taken.',
    'validation.sort': 'The {attribute} field may only use: {allowed}.',
    'validation.unknown_field': 'The {attribute} field is not accepted.',
    'validation.invalid_character': 'The {attribute} field contains a character that is not allowed.',
    'validation.invalid': 'The {attribute} field is invalid.',
    'validation.bulk_rows': 'Name the rows: either ids, or all (every row the filters match).',
    'validation.unknown_ids': 'The {attribute} field names records that do not exist: {ids}.',
    'validation.exists': 'The selected {attribute} does not exist.',
    'validation.ids': 'The {attribute} field must be a comma list of at most {max} ids.',
    'validation.domain': 'The {attribute} field must be a domain name such as example.com.',
    'validation.genre_tag': 'The {attribute} field must name a tag of type genre.',
    'validation.media_url':
      'The {attribute} field must be an uploaded file (/uploads/...) or an http(s) address.',
    'validation.upload_path':
      'An image in the {attribute} field names an upload by a path that is not one (/uploads/... without "." or ".." segments, %-escapes or backslashes).',
    'validation.serial_number':
      'The {attribute} field may hold letters, digits, dots, dashes and underscores only.',
    'validation.money': 'The {attribute} field must be an amount such as 19.99.',
    'validation.reorder': 'The {attribute} field must list every one of them exactly once.',
    'validation.csv': 'The file is not valid CSV (line {line}).',
    'validation.columns_missing': 'The file lacks the columns: {columns}.',
    'validation.columns_unknown': 'The file has columns this import does not take: {columns}.',
    'validation.rows': 'The import has errors in {count} row(s); nothing was written.',
    'validation.import_rows': 'An import may hold at most {max} rows; split it into several.',
    'validation.unknown_permissions': 'Unknown permissions: {ids}.',
    'validation.code': 'The {attribute} field may hold letters, digits, dashes and underscores only.',
    'validation.after_start': 'The {attribute} must be later than the start.',
    'validation.username': 'The {attribute} field may hold letters, digits and . _ - @ + only.',
    'validation.phone': 'The {attribute} field may hold digits, spaces, + ( ) . and - only.',
    'validation.end_before_start': 'The end date cannot be before the start date.',
    'validation.period_too_long': 'A period may span at most {max} days.',
    'validation.period_before_years':
      'The period of the same length before this one would start before the year 1: start it later.',
    'validation.ip_address':
      'The {attribute} field must be an IPv4 or IPv6 address, or a CIDR range such as 10.0.0.0/8 or 2001:db8::/32.',
    'validation.ip_host_bits':
      'The {attribute} field has bits set past its prefix length; the range is written {network}.',
    'validation.percent': 'The {attribute} field must be a percentage from 0 to 100 with at most two places.',
    'validation.http_url': 'The {attribute} field must be an http:// or https:// address.',
    'validation.external_link':
      'The {attribute} field must be an http:// or https:// address, a mailto: or a tel: link.',
    'validation.password.required': 'Please input the password.',
    'validation.password.letter': 'Your password does not contain any letter.',
    'validation.password.number': 'Your password does not contain any number.',
    'validation.password.letterAndNumber':
      'Please make sure your password contains at least one number and one letter.',
  },
  'zh-CN': {
    'validation.required': '{attribute}不能为空。',
    'validation.string': '{attribute}必须是字符串。',
    'validation.integer': '{attribute}必须是整数。',
    'validation.number': '{attribute}必须是数字。',
    'validation.boolean': '{attribute}必须是 1 或 0。',
    'validation.array': '{attribute}必须是数组。',
    'validation.object': '{attribute}必须是对象。',
    'validation.in': '所选的{attribute}无效。',
    'validation.min.string': '{attribute}至少为 {min} 个字符。',
    'validation.max.string': '{attribute}不能超过 {max} 个字符。',
    'validation.min.number': '{attribute}不能小于 {min}。',
    'validation.max.number': '{attribute}不能大于 {max}。',
    'validation.min.array': '{attribute}至少需要 {min} 项。',
    'validation.max.array': '{attribute}不能超过 {max} 项。',
    'validation.date': '{attribute}不是有效的日期（YYYY-MM-DD 或 ISO 8601）。',
    'validation.date_years': '{attribute}必须是公元 1 年至 9999 年之间的日期（UTC）。',
    'validation.email': '{attribute}不是有效的邮箱地址。',
    'validation.url': '{attribute}不是有效的网址。',
    'validation.format': '{attribute}格式不正确。',
    'validation.unique': '{attribute}已经存在。',
    'validation.sort': '{attribute}只能使用：{allowed}。',
    'validation.unknown_field': '不接受字段{attribute}。',
    'validation.invalid_character': '{attribute}包含不允许的字符。',
    'validation.invalid': '{attribute}无效。',
    'validation.bulk_rows': '请指定行：ids，或 all（筛选条件匹配的所有行）。',
    'validation.unknown_ids': '{attribute}中包含不存在的记录：{ids}。',
    'validation.exists': '所选的{attribute}不存在。',
    'validation.ids': '{attribute}必须是以逗号分隔的最多 {max} 个 ID。',
    'validation.domain': '{attribute}必须是域名，例如 example.com。',
    'validation.genre_tag': '{attribute}必须是类型为题材的标签。',
    'validation.media_url': '{attribute}必须是已上传的文件（/uploads/...）或 http(s) 地址。',
    'validation.upload_path':
      '{attribute}中的图片以无效路径引用上传文件（/uploads/... 中不能有 "." 或 ".." 段、%转义或反斜杠）。',
    'validation.serial_number': '{attribute}只能包含字母、数字、点、短横线和下划线。',
    'validation.money': '{attribute}必须是金额，例如 19.99。',
    'validation.reorder': '{attribute}必须恰好列出每一项各一次。',
    'validation.csv': '文件不是有效的 CSV（第 {line} 行）。',
    'validation.columns_missing': '文件缺少以下列：{columns}。',
    'validation.columns_unknown': '文件包含本次导入不接受的列：{columns}。',
    'validation.rows': '导入的 {count} 行有错误，未写入任何数据。',
    'validation.import_rows': '一次导入最多 {max} 行，请分成几次导入。',
    'validation.unknown_permissions': '未知的权限：{ids}。',
    'validation.code': '{attribute}只能包含字母、数字、短横线和下划线。',
    'validation.after_start': '{attribute}必须晚于开始时间。',
    'validation.username': '{attribute}只能包含字母、数字和 . _ - @ +。',
    'validation.phone': '{attribute}只能包含数字、空格和 + ( ) . -。',
    'validation.end_before_start': '结束日期不能早于开始日期。',
    'validation.period_too_long': '一个时间段最多 {max} 天。',
    'validation.period_before_years': '此时间段之前同样长度的时间段将早于公元 1 年：请选择更晚的开始日期。',
    'validation.ip_address':
      '{attribute}必须是 IPv4 或 IPv6 地址，或 CIDR 网段（如 10.0.0.0/8、2001:db8::/32）。',
    'validation.ip_host_bits': '{attribute}在前缀长度之后还有非零位；该网段应写作 {network}。',
    'validation.percent': '{attribute}必须是 0 到 100 之间的百分比，最多两位小数。',
    'validation.http_url': '{attribute}必须是 http:// 或 https:// 开头的网址。',
    'validation.external_link': '{attribute}必须是 http:// 或 https:// 网址、mailto: 或 tel: 链接。',
    'validation.password.required': '请输入密码。',
    'validation.password.letter': '密码中没有包含任何字母。',
    'validation.password.number': '密码中没有包含任何数字。',
    'validation.password.letterAndNumber': '请确保密码至少包含一个数字和一个字母。',
  },
} as const

export type ValidationKey = keyof (typeof validationMessages)['en']
export type ValidationLanguage = keyof typeof validationMessages

/** A message with its parameters filled in. */
export function formatMessage(
  language: ValidationLanguage,
  key: ValidationKey,
  params: Record<string, string | number> = {},
): string {
  return validationMessages[language][key].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  )
}

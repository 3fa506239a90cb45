/** English server messages; keys shared with zh-CN.ts. `{name}` marks a parameter. */
export const en = {
  'errors.bad_request': 'The request is malformed.',
  'errors.bad_json': 'The request body is not valid JSON.',
  'errors.body_not_object': 'The request body must be a JSON object.',
  'errors.content_type': 'The content type {type} is not accepted here.',
  'errors.too_large': 'The request body is too large.',
  'errors.api_version': 'API version {version} is not supported; this server speaks {supported}.',
  'errors.unauthenticated': 'Unauthenticated.',
  'errors.forbidden': 'This action is unauthorized.',
  'errors.not_found': 'Not found.',
  'errors.method_not_allowed': 'The method is not allowed here.',
  'errors.in_use': 'This record is still used by other records.',
  'errors.server': 'Server Error',
  'auth.failed': 'These credentials do not match our records.',

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
  'validation.email': 'The {attribute} field must be a valid email address.',
  'validation.url': 'The {attribute} field must be a valid URL.',
  'validation.format': 'The {attribute} field format is invalid.',
  'validation.unique': 'The {attribute} has already been taken.',
  'validation.sort': 'The {attribute} field may only use: {allowed}.',
  'validation.unknown_field': 'The {attribute} field is not accepted.',
  'validation.invalid_character': 'The {attribute} field contains a character that is not allowed.',
  'validation.invalid': 'The {attribute} field is invalid.',
} as const

export type MessageKey = keyof typeof en

/** Field names as people read them; a field not listed reads as its wire name with spaces. */
export const enAttributes: Record<string, string> = {
  per_page: 'per page',
  category_id: 'category',
  created_at_from: 'created from',
  created_at_to: 'created to',
}

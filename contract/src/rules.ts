/**
 * Field rules shared by the client's forms and the server's validation (spec section 5).
 * Messages are i18n keys under `validation.*`; the server translates them with the same keys.
 */
export type PasswordIssue = 'required' | 'letter' | 'number' | 'letterAndNumber'

/** The password rule of spec section 5: required, at least one lowercase letter and one digit. */
export function passwordIssue(password: string | undefined | null): PasswordIssue | null {
  if (!password) return 'required'
  const letter = /[a-z]/.test(password)
  const digit = /\d/.test(password)
  if (!letter && !digit) return 'letterAndNumber'
  if (!letter) return 'letter'
  if (!digit) return 'number'
  return null
}

export const passwordMessages: Record<PasswordIssue, string> = {
  required: 'Please input the password.',
  letter: 'Your password does not contain any letter.',
  number: 'Your password does not contain any number.',
  letterAndNumber: 'Please make sure your password contains at least one number and one letter.',
}

export const PASSWORD_MIN = 8
export const PASSWORD_MAX = 72

/**
 * External link: http(s), mailto or tel (spec section 5), whole: an http(s) address names its host, a mailto
 * an address, a tel a number (`https:` alone, `javascript:` or a relative path are not links out).
 */
export function isExternalLink(value: string): boolean {
  return /^(https?:\/\/[^\s/?#]+\S*|mailto:[^\s@]+@\S+|tel:\+?[\d\s().-]{3,})$/i.test(value)
}

/** A phone number as people type it: digits, spaces, `( ) . -`, and a leading `+` (`+1 (555) 010-0000`). */
export const PHONE_PATTERN = /^\+?[\d\s().-]*$/

/** Web address: http, https or ftp (spec section 5). */
export function isWebAddress(value: string): boolean {
  return /^(https?|ftp):\/\/[^\s/$.?#].[^\s]*$/i.test(value)
}

/** The largest id (and id reference) the database stores: ids are PostgreSQL `integer`s. */
export const ID_MAX = 2_147_483_647

/** Route and path ids are positive integers written in decimal. */
export function isNumericId(value: string | undefined): boolean {
  return value !== undefined && /^[1-9]\d{0,15}$/.test(value) && Number(value) <= Number.MAX_SAFE_INTEGER
}

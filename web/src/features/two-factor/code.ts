/** An authenticator code (TOTP, RFC 6238): exactly 6 digits (contract verifyInput). */
export const CODE_LENGTH = 6

export type CodeIssue = 'required' | 'format'

/** What is wrong with a typed code, or null; spaces are ignored (`123 456` is fine). */
export function codeIssue(code: string | undefined | null): CodeIssue | null {
  const value = normalizeCode(code)
  if (!value) return 'required'
  return value.length === CODE_LENGTH && /^\d+$/.test(value) ? null : 'format'
}

/** The i18n key of a code issue's message. */
export const codeIssueKey = (issue: CodeIssue): string =>
  issue === 'required' ? 'twoFactor.codeRequired' : 'twoFactor.codeFormat'

/** The code as sent: without the spaces people type to group it. */
export const normalizeCode = (code: string | undefined | null): string => (code ?? '').replace(/\s+/g, '')

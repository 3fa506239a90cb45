import type { FieldError } from '../../lib/errors.ts'

/**
 * A period's end after its start, on the record as it will be (a PUT may send one of them): the error
 * for `ended_at`, if any. The database checks it again.
 */
export function periodErrors(
  before: { started_at: string; ended_at: string } | null,
  input: Record<string, unknown>,
): Record<string, FieldError[]> {
  const started = (input.started_at as string | undefined) ?? before?.started_at
  const ended = (input.ended_at as string | undefined) ?? before?.ended_at
  if (started === undefined || ended === undefined) return {}
  return new Date(ended).getTime() > new Date(started).getTime()
    ? {}
    : { ended_at: [{ key: 'validation.after_start' }] }
}

import { z } from 'zod'

/**
 * The body of a PUT: every field optional and none defaulted. zod's `partial()` keeps `.default()`, which
 * would fill a field the request left out and overwrite its stored value (a title-only PUT of a post reset
 * its content to '' and its status to draft).
 */
export function partialInput<T extends z.ZodObject>(input: T) {
  const undefaulted = Object.fromEntries(
    Object.entries(input.shape)
      .filter(([, field]) => field instanceof z.ZodDefault)
      .map(([name, field]) => [name, (field as z.ZodDefault).unwrap()]),
  )
  return input.extend(undefaulted).partial()
}

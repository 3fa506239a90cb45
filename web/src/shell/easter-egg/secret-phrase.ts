/** Typed anywhere outside a field, this starts the particle effect (spec sections 1 and 9: 12 characters). */
export const SECRET_PHRASE = 'vodfireworks'

/** The last keys typed, as long as the phrase at most; keys other than single characters are ignored. */
export function rememberKey(typed: string, key: string): string {
  if ([...key].length !== 1) return typed
  return (typed + key.toLowerCase()).slice(-SECRET_PHRASE.length)
}

export const isSecretPhrase = (typed: string): boolean => typed === SECRET_PHRASE

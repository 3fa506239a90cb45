/**
 * Prices compared exactly: a decimal string ("19.9", "19.90") as integer cents, never a float. The wire and
 * the database give at most two places (contract PRICE_PATTERN, numeric(12, 2)).
 */
export function cents(value: string): bigint {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(value.trim())
  if (!match) throw new Error(`Not a price: ${value}`)
  const [, sign, whole = '0', part = ''] = match
  const amount = BigInt(whole) * 100n + BigInt(part.padEnd(2, '0'))
  return sign ? -amount : amount
}

/** The two-place form a price takes on the wire ("19.9" -> "19.90"), for messages. */
export function twoPlaces(value: string): string {
  return fromCents(cents(value))
}

/** Integer cents back to the wire's two-place form (1811n -> "18.11"). */
export function fromCents(amount: bigint): string {
  const abs = amount < 0n ? -amount : amount
  return `${amount < 0n ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`
}

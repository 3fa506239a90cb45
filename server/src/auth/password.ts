import { randomInt } from 'node:crypto'
import { passwordIssue } from '@vod/contract'
import argon2 from 'argon2'

// OWASP's argon2id baseline (19 MiB, 2 passes): strong, yet a login stays well under 100 ms.
const options = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, options)
}

/** False for a wrong password and for a hash that cannot be read: neither may log anyone in. */
export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password)
  } catch {
    return false
  }
}

let dummy: Promise<string> | undefined
/**
 * Spends the same work as a real check, for logins naming no admin, so the answer time does not tell
 * whether a username exists.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummy ??= hashPassword(`dummy-${randomInt(1e9)}`)
  await verifyPassword(await dummy, password)
  return false
}

const alphabet = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789'

/** A random 20-character password (about 116 bits) that satisfies the contract's password rule. */
export function generatePassword(length = 20): string {
  for (;;) {
    let password = ''
    for (let i = 0; i < length; i++) password += alphabet[randomInt(alphabet.length)]
    if (passwordIssue(password) === null) return password
  }
}

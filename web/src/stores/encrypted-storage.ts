/**
 * localStorage values sealed with AES-GCM under a key derived from the session token (SHA-256 of it), so a
 * stored value is unreadable without the session that wrote it (spec section 6).
 */

// Web Crypto exists only in secure contexts (https, localhost); elsewhere nothing is stored rather than
// storing it in the clear. Nothing depends on reading it back: the guard always asks the server.
const subtle: SubtleCrypto | undefined = globalThis.crypto?.subtle

async function keyFor(token: string): Promise<CryptoKey> {
  if (!subtle) throw new Error('Web Crypto is unavailable')
  const digest = await subtle.digest('SHA-256', new TextEncoder().encode(token))
  return subtle.importKey('raw', digest, 'AES-GCM', false, ['encrypt', 'decrypt'])
}

const toBase64 = (bytes: Uint8Array): string => btoa(String.fromCharCode(...bytes))
const fromBase64 = (text: string): Uint8Array<ArrayBuffer> =>
  Uint8Array.from(atob(text), (c) => c.charCodeAt(0))

export async function saveEncrypted(storageKey: string, token: string, value: unknown): Promise<void> {
  if (!subtle) return
  const iv = crypto.getRandomValues(new Uint8Array(12))
  const plain = new TextEncoder().encode(JSON.stringify(value))
  const sealed = new Uint8Array(await subtle.encrypt({ name: 'AES-GCM', iv }, await keyFor(token), plain))
  localStorage.setItem(storageKey, `${toBase64(iv)}.${toBase64(sealed)}`)
}

/** The stored value, or null when there is none or it was sealed under another token. */
export async function loadEncrypted(storageKey: string, token: string): Promise<unknown> {
  const stored = localStorage.getItem(storageKey)
  const [iv, sealed] = stored?.split('.') ?? []
  if (!subtle || !iv || !sealed) return null
  try {
    const plain = await subtle.decrypt(
      { name: 'AES-GCM', iv: fromBase64(iv) },
      await keyFor(token),
      fromBase64(sealed),
    )
    return JSON.parse(new TextDecoder().decode(plain))
  } catch {
    return null
  }
}

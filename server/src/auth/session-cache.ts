import type { Db, Listen } from '../db/client.ts'
import { type AuthenticatedAdmin, findAuthenticatedAdmin } from './sessions.ts'

/** Sent by the triggers of db/sql/access-changed.sql on any change to sessions, admins, roles or grants. */
export const ACCESS_CHANGED = 'vod_access_changed'

// Sessions a process remembers at most; past it, it starts over (each entry costs one query to refill).
const MAX_ENTRIES = 10_000

export interface SessionLookup {
  /** The live session's admin and permissions, or null (the caller answers 401). */
  find(sessionId: string, adminId: number): Promise<AuthenticatedAdmin | null>
  close(): Promise<void>
}

/**
 * Who may do what, per session, kept in memory between requests and forgotten as soon as PostgreSQL says
 * anything it depends on changed (a logout, a disabled admin, a role or grant change, in any process).
 * A remembered answer is used only after a round trip on the listening connection that began after the
 * request did (`sync`, shared by the requests of the moment): every change committed before the request
 * has then been heard, so it counts at the next request in every process. Whenever that channel is not
 * known to be live (a lost connection, a late answer) every request queries, as without a cache.
 * An answer read while a change was announced is not kept.
 */
export function createSessionLookup(db: Db, listen?: Listen): SessionLookup {
  const entries = new Map<string, AuthenticatedAdmin>()
  let generation = 0
  const channel =
    listen?.(ACCESS_CHANGED, () => {
      generation++
      entries.clear()
    }) ?? null

  async function fromMemory(sessionId: string, adminId: number): Promise<AuthenticatedAdmin | null> {
    const known = entries.get(sessionId)
    if (!known || known.id !== adminId || known.expiresAt.getTime() <= Date.now()) return null
    return channel && (await channel.sync()) && entries.get(sessionId) === known ? known : null
  }

  return {
    async find(sessionId, adminId) {
      if (!channel?.live()) return findAuthenticatedAdmin(db, sessionId, adminId)
      const seen = generation
      const known = await fromMemory(sessionId, adminId)
      if (known) return known
      const admin = await findAuthenticatedAdmin(db, sessionId, adminId)
      if (admin && seen === generation && channel.live()) {
        if (entries.size >= MAX_ENTRIES) entries.clear()
        entries.set(sessionId, admin)
      }
      return admin
    },
    close: async () => channel?.close(),
  }
}

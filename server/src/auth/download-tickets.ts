import { createHash, randomBytes } from 'node:crypto'
import { DOWNLOAD_TICKET_SECONDS } from '@vod/contract'
import { and, eq, gt, lt, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { downloadTickets, sessions } from '../db/schema/index.ts'

// Tickets are kept hashed: reading the table gives no ticket that works.
const digest = (ticket: string) => createHash('sha256').update(ticket).digest('base64url')

/** A ticket for one download of `path` by this session, good for DOWNLOAD_TICKET_SECONDS. */
export async function issueDownloadTicket(db: Db, sessionId: string, path: string): Promise<string> {
  const ticket = randomBytes(32).toString('base64url')
  // Spent and expired tickets are of no use; dropping them here keeps the table small.
  await db.delete(downloadTickets).where(lt(downloadTickets.expiresAt, sql`now()`))
  await db.insert(downloadTickets).values({
    id: digest(ticket),
    sessionId,
    path,
    expiresAt: new Date(Date.now() + DOWNLOAD_TICKET_SECONDS * 1000),
  })
  return ticket
}

/**
 * Spends a ticket on a request for `path`: the session it was issued to, or null when the ticket is
 * unknown, spent, expired or for another path. The caller still checks that the session is live.
 */
export async function redeemDownloadTicket(
  db: Db,
  ticket: string,
  path: string,
): Promise<{ sessionId: string; adminId: number } | null> {
  const [spent] = await db
    .delete(downloadTickets)
    .where(
      and(
        eq(downloadTickets.id, digest(ticket)),
        eq(downloadTickets.path, path),
        gt(downloadTickets.expiresAt, sql`now()`),
      ),
    )
    .returning({ sessionId: downloadTickets.sessionId })
  if (!spent) return null
  const [session] = await db
    .select({ adminId: sessions.adminId })
    .from(sessions)
    .where(eq(sessions.id, spent.sessionId))
  return session ? { sessionId: spent.sessionId, adminId: session.adminId } : null
}

import { createHash } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Db, Listen } from '../../db/client.ts'

/** The channel every process's presence hub listens on (a NOTIFY channel, or under Redis's prefix). */
const PRESENCE_CHANNEL = 'vod_presence'

/**
 * How one process's presence reaches the others: `publish` sends a message to every process (itself included,
 * which the hub ignores by its sender).
 */
interface PresenceBus {
  publish(payload: string): Promise<void>
  close(): Promise<void>
}

/**
 * Opens the way, calling `onMessage` with each message heard, and with none when the way went down or came
 * back (what this process holds may then be unknown to the others, so the hub says it again). Null where
 * there is no other process (PGlite).
 */
export type OpenBus = (onMessage: (payload?: string) => void) => PresenceBus | null

/** PostgreSQL: NOTIFY through the pool, heard on the process's own listening connection (db/client.ts `listen`). */
export function postgresBus(db: Db, listen: Listen): OpenBus {
  return (onMessage) => {
    const subscription = listen(PRESENCE_CHANNEL, onMessage)
    return (
      subscription && {
        publish: async (payload) => {
          await db.execute(sql`select pg_notify(${PRESENCE_CHANNEL}, ${payload})`)
        },
        close: () => subscription.close(),
      }
    )
  }
}

/**
 * Redis (REDIS_URL): PUBLISH on one connection, SUBSCRIBE on another, the channel under a prefix derived from the
 * token secret, which every process of one deployment shares and other deployments on the same Redis do not.
 * Connects now, so an unreachable REDIS_URL stops the start with the driver's message.
 */
export async function redisBus(url: string, secret: Uint8Array): Promise<OpenBus> {
  // Loaded only when REDIS_URL picks it, as an optional backend is (docs/operations.md "Node").
  const { Redis } = await import('ioredis')
  const deployment = createHash('sha256').update('presence').update(secret).digest('hex').slice(0, 16)
  const channel = `vod:${deployment}:${PRESENCE_CHANNEL}`
  const publisher = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2, enableOfflineQueue: false })
  const subscriber = publisher.duplicate()
  // A lost connection is said through onMessage; without a listener ioredis would also print each error.
  publisher.on('error', () => {})
  subscriber.on('error', () => {})
  await Promise.all([publisher.connect(), subscriber.connect()])
  return (onMessage) => {
    subscriber.on('message', (from: string, payload: string) => {
      if (from === channel) onMessage(payload)
    })
    // ioredis subscribes again by itself once it reconnects ('ready'); between, messages are lost.
    subscriber.on('close', () => onMessage())
    subscriber.on('ready', () => onMessage())
    void subscriber.subscribe(channel).catch(() => onMessage())
    return {
      publish: async (payload) => {
        await publisher.publish(channel, payload)
      },
      close: async () => {
        await Promise.all(
          [publisher, subscriber].map((client) => client.quit().catch(() => client.disconnect())),
        )
      },
    }
  }
}

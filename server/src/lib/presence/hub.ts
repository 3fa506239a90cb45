import { randomUUID } from 'node:crypto'
import {
  PRESENCE_EXPIRY_SECONDS,
  PRESENCE_HEARTBEAT_SECONDS,
  type PresencePerson,
  type PresenceSaved,
  type PresenceState,
} from '@vod/contract'
import type { FastifyBaseLogger } from 'fastify'
import type { OpenBus } from './bus.ts'

/** One open edit page on this process: who, and how to tell it something. */
interface Watcher {
  person: PresencePerson
  send(event: 'presence' | 'saved', data: unknown): void
  /** Ends the page's stream (its heartbeat stopped, the server closes). */
  end(): void
}

/**
 * What goes between processes: a process's whole list of pages on one record (`people`, empty once the last
 * leaves), or a save of it. A list is sent again every heartbeat, so a process that dies is forgotten by the
 * others PRESENCE_EXPIRY_SECONDS later.
 */
type Message =
  | { from: string; key: string; people: PresencePerson[] }
  | { from: string; key: string; saved: PresenceSaved }
  | { from: string; key: string; beat: Beat }

/** A page's heartbeat, sent to whichever process holds its stream (a balancer need not keep a page on one). */
interface Beat {
  connection: string
  adminId: number
  state: PresenceState
}

export interface PresenceHub {
  /** Adds a page on `key` (`videos/12`); answers the function that removes it. */
  join(key: string, watcher: Watcher): () => void
  /**
   * A page says it is still there and what it is doing. False when no such page of this admin is known here
   * and there are no other processes to hold it; with them, it is passed on.
   */
  beat(key: string, beat: Beat): boolean
  /** Every page on the record now, on every process. */
  people(key: string): PresencePerson[]
  /** Tells every page on the record, on every process, that it was saved. */
  saved(key: string, saved: PresenceSaved): void
  close(): Promise<void>
}

/**
 * Who is on which record. Each process keeps its own pages in memory; they reach the others through the bus
 * (bus.ts: Redis when REDIS_URL is set, else NOTIFY on PostgreSQL), with PGlite and no Redis (one process) they
 * stay here. A page is forgotten when its stream closes, or PRESENCE_EXPIRY_SECONDS after its last
 * heartbeat; another process's list of pages when it is not sent again in that time.
 */
export function createPresenceHub(options: { bus?: OpenBus; log: FastifyBaseLogger }): PresenceHub {
  const self = randomUUID()
  const local = new Map<string, Map<string, { watcher: Watcher; seen: number }>>()
  const remote = new Map<string, Map<string, { people: PresencePerson[]; at: number }>>()
  const expiryMs = PRESENCE_EXPIRY_SECONDS * 1000

  const bus =
    options.bus?.((payload) => {
      // No payload: the way went down or came back; what we have may be unknown to others.
      if (payload === undefined) for (const key of local.keys()) publishPeople(key)
      else heard(payload)
    }) ?? null

  function heard(payload: string) {
    let message: Message
    try {
      message = JSON.parse(payload) as Message
    } catch {
      return
    }
    if (message.from === self) return
    if ('saved' in message) return tell(message.key, 'saved', message.saved)
    if ('beat' in message) {
      beatHere(message.key, message.beat)
      return
    }
    let lists = remote.get(message.key)
    if (message.people.length === 0) lists?.delete(message.from)
    else {
      if (!lists) {
        lists = new Map()
        remote.set(message.key, lists)
      }
      lists.set(message.from, { people: message.people, at: Date.now() })
    }
    if (lists?.size === 0) remote.delete(message.key)
    showPeople(message.key)
  }

  function publish(message: Message) {
    bus
      ?.publish(JSON.stringify(message))
      .catch((error: unknown) =>
        options.log.warn({ err: error }, 'presence could not be told to other processes'),
      )
  }

  const localPeople = (key: string) =>
    [...(local.get(key)?.values() ?? [])].map((page) => page.watcher.person)
  const publishPeople = (key: string) => publish({ from: self, key, people: localPeople(key) })

  function tell(key: string, event: 'presence' | 'saved', data: unknown) {
    for (const page of local.get(key)?.values() ?? []) page.watcher.send(event, data)
  }

  const everyone = (key: string) => [
    ...localPeople(key),
    ...[...(remote.get(key)?.values() ?? [])].flatMap((list) => list.people),
  ]

  /** Each page on `key` is sent everyone else on it. */
  function showPeople(key: string) {
    const people = everyone(key)
    for (const page of local.get(key)?.values() ?? []) {
      const mine = page.watcher.person.connection
      page.watcher.send('presence', { people: people.filter((person) => person.connection !== mine) })
    }
  }

  function changed(key: string) {
    showPeople(key)
    publishPeople(key)
  }

  function leave(key: string, connection: string) {
    const pages = local.get(key)
    if (!pages?.delete(connection)) return
    if (pages.size === 0) local.delete(key)
    changed(key)
  }

  function beatHere(key: string, { connection, adminId, state }: Beat): boolean {
    const page = local.get(key)?.get(connection)
    if (!page || page.watcher.person.admin_id !== adminId) return false
    page.seen = Date.now()
    if (page.watcher.person.state !== state) {
      page.watcher.person = { ...page.watcher.person, state }
      changed(key)
    }
    return true
  }

  const sweep = setInterval(() => {
    const now = Date.now()
    for (const [key, pages] of local)
      for (const [connection, page] of pages)
        if (now - page.seen > expiryMs) {
          page.watcher.end()
          leave(key, connection)
        }
    for (const [key, lists] of remote) {
      let gone = false
      for (const [from, list] of lists)
        if (now - list.at > expiryMs) {
          lists.delete(from)
          gone = true
        }
      if (lists.size === 0) remote.delete(key)
      if (gone) showPeople(key)
    }
  }, 5_000)
  sweep.unref()
  const heartbeat = setInterval(() => {
    for (const key of local.keys()) publishPeople(key)
  }, PRESENCE_HEARTBEAT_SECONDS * 1000)
  heartbeat.unref()

  return {
    join(key, watcher) {
      let pages = local.get(key)
      if (!pages) {
        pages = new Map()
        local.set(key, pages)
      }
      pages.set(watcher.person.connection, { watcher, seen: Date.now() })
      changed(key)
      return () => leave(key, watcher.person.connection)
    },
    beat(key, beat) {
      if (beatHere(key, beat)) return true
      if (!bus) return false
      publish({ from: self, key, beat })
      return true
    },
    people: everyone,
    saved(key, saved) {
      tell(key, 'saved', saved)
      publish({ from: self, key, saved })
    },
    async close() {
      clearInterval(sweep)
      clearInterval(heartbeat)
      for (const [key, pages] of local) {
        for (const page of pages.values()) page.watcher.end()
        pages.clear()
        publishPeople(key)
      }
      local.clear()
      await bus?.close()
    },
  }
}

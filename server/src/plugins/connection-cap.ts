import type { Server } from 'node:http'

/**
 * Closes a new connection at once when its address already holds `cap` (MAX_CONNECTIONS_PER_ADDRESS): without
 * it, one client's slow partial requests could take every connection MAX_CONNECTIONS allows and lock everyone
 * else out (issue 65). Counted by the socket's own address, so a proxy in front counts as one client.
 */
export function capConnectionsPerAddress(server: Server, cap: number): void {
  const open = new Map<string, number>()
  server.on('connection', (socket) => {
    const address = socket.remoteAddress ?? ''
    const count = open.get(address) ?? 0
    if (count >= cap) {
      socket.destroy()
      return
    }
    open.set(address, count + 1)
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1
      if (left > 0) open.set(address, left)
      else open.delete(address)
    })
  })
}

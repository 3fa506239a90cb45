import net, { type AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

/** One part of a mail, its headers and its content decoded. */
export interface MailPart {
  head: string
  text: string
  /** The file name of an attachment, else null. */
  filename: string | null
}

/** One mail as an SMTP server received it: envelope, headers, the text body and attachments decoded. */
export interface ReceivedMail {
  from: string
  to: string[]
  raw: string
  subject: string
  text: string
  attachments: MailPart[]
}

/** A part's content as its Content-Transfer-Encoding says. */
function decoded(head: string, body: string): string {
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(head)?.[1]?.toLowerCase()
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  if (encoding === 'quoted-printable')
    return Buffer.from(
      body
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
      'latin1',
    ).toString('utf8')
  return body
}

/** Splits a MIME entity into its parts (one for a single-part mail), nested multiparts flattened. */
function partsOf(raw: string): MailPart[] {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/)
  const body = rest.join('\n\n')
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(head)?.[1]
  if (/content-type:\s*multipart\//i.test(head) && boundary)
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((part) => !part.startsWith('--'))
      .flatMap((part) => partsOf(part.replace(/^\r?\n/, '')))
  const filename = /filename="?([^";\r\n]+)"?/i.exec(head)?.[1] ?? null
  return [{ head, text: decoded(head, body.replace(/\r?\n$/, '')), filename }]
}

/** An encoded-word subject (=?UTF-8?B?...?= or Q) as text. */
function subjectOf(raw: string): string {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? ''
  const line = /^subject:((?:.*)(?:\r?\n[ \t].*)*)/im.exec(head)?.[1] ?? ''
  return line
    .replace(/\r?\n[ \t]/g, ' ')
    .trim()
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_, kind: string, text: string) =>
      kind.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decoded('content-transfer-encoding: quoted-printable', text.replace(/_/g, ' ')),
    )
}

/**
 * A real SMTP server on loopback (smtp-server), keeping what it receives; mails to refuse@ are refused for
 * good (550), and those to an address `deferred` holds are asked to come back later (451), each such answer
 * kept in `deferrals`.
 */
export async function startSmtp() {
  const received: ReceivedMail[] = []
  const deferred = new Set<string>()
  const deferrals: string[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith('refuse@')) callback(new Error('mailbox unavailable'))
      else if (deferred.has(address.address)) {
        deferrals.push(address.address)
        callback(Object.assign(new Error('try again later'), { responseCode: 451 }))
      } else callback()
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8')
        const parts = partsOf(raw)
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          subject: subjectOf(raw),
          text: parts.find((part) => part.filename === null)?.text ?? '',
          attachments: parts.filter((part) => part.filename !== null),
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.server.address() as AddressInfo).port
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    deferred,
    deferrals,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/**
 * A front for an SMTP server (startSmtp) that passes every connection through, but answers the EHLO of the
 * next `slowly(n, ms)` connections slowly and never silently: a `250-` continuation line every 200 ms for
 * `ms`, then the server's own answer, as a mail server may. A client that counts only silence waits it out.
 * `slow` tells how many such connections are open, how many have closed, and how many got their answer.
 */
export async function slowFront(target: { port: number }) {
  let slowToCome = 0
  let holdMs = 0
  const slow = { open: 0, closed: 0, answered: 0 }
  const sockets = new Set<net.Socket>()
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, '127.0.0.1')
    for (const socket of [client, upstream]) {
      sockets.add(socket)
      socket.on('error', () => {})
      socket.on('close', () => sockets.delete(socket))
    }
    const isSlow = slowToCome > 0
    if (isSlow) {
      slowToCome--
      slow.open++
    }
    let held: Buffer[] | null = null
    let ticker: NodeJS.Timeout | undefined
    upstream.on('data', (chunk: Buffer) => (held ? held.push(chunk) : client.write(chunk)))
    client.on('data', (chunk: Buffer) => {
      if (isSlow && ticker === undefined && /^EHLO /im.test(chunk.toString())) {
        held = []
        ticker = setInterval(() => client.write('250-X-WAIT a moment\r\n'), 200)
        setTimeout(() => {
          clearInterval(ticker)
          if (client.destroyed) return
          slow.answered++
          for (const part of held ?? []) client.write(part)
          held = null
        }, holdMs)
      }
      upstream.write(chunk)
    })
    client.on('close', () => {
      clearInterval(ticker)
      upstream.destroy()
      if (isSlow) {
        slow.open--
        slow.closed++
      }
    })
    upstream.on('close', () => client.end())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  return {
    url: `smtp://127.0.0.1:${port}`,
    slow,
    slowly(connections: number, ms: number) {
      slowToCome = connections
      holdMs = ms
    },
    close: async () => {
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

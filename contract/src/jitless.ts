import { config } from 'zod'

/**
 * For the browser, imported before any schema is used: zod builds fast parsers with `new Function` unless
 * told not to, and even its probe for that is refused, and reported, under the server's Content Security
 * Policy (no 'unsafe-eval'). The server keeps the fast parsers.
 */
config({ jitless: true })

import { z } from 'zod'

/**
 * `POST /api/download-tickets` (machinery contract, "Export"): a one-use ticket that lets a navigated
 * download (`GET /api/videos/exportCsv?...&ticket=...`) act as the admin's session, for that path only.
 */
export const downloadTicketInput = z.object({
  /** The download's path under /api, without the query: `/videos/exportCsv`. */
  path: z
    .string()
    .max(500)
    .regex(/^\/[^?#\s]*$/),
})

export const DOWNLOAD_TICKET_SECONDS = 60

export const downloadTicketRecord = z
  .object({ ticket: z.string(), expires_in: z.number().int() })
  .meta({ id: 'DownloadTicket' })

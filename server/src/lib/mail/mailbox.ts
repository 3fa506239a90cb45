import { z } from 'zod'

const mailbox = z.email()

/**
 * Whether `address` is exactly one plain mailbox (`local@domain`): an address stored by others (a ticket's, set
 * by the member site) must not widen where a mail goes by a comma list, a group or a header after a line break
 * (issue 65).
 */
export const isOneMailbox = (address: string): boolean => mailbox.safeParse(address).success

/**
 * BUSINESS_TIME_ZONE as the server names it (`time_zone` of /auth/me): the zone whose days a list's date
 * filter, analytics and exports count, and whose clock every time on screen reads, so a day on one screen is
 * the same day on every other and in the CSV, whatever zone the browser is in. UTC until the session loads.
 */
let zone = 'UTC'

export const businessZone = (): string => zone

export function setBusinessZone(next: string): void {
  zone = next
}

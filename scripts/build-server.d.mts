/** The server's bundle (scripts/build-server.mjs). */
export const serverBundle: string
/** Builds the bundle when a source is newer than it. */
export function ensureServerBuilt(): Promise<void>

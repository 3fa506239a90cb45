/** The server's bundle (scripts/build-server.mjs). */
export const serverBundle: string
/** Node's arguments to run the bundle. */
export const serverArgs: string[]
/** The environment it adds to run the bundle. */
export const serverEnv: Record<string, string>
/** Builds the bundle when a source is newer than it. */
export function ensureServerBuilt(): Promise<void>

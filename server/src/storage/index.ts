import path from 'node:path'
import type { Config } from '../config.ts'
import { diskStorage } from './disk.ts'
import { s3Storage } from './s3.ts'
import type { Storage } from './storage.ts'

export type { Storage } from './storage.ts'
export { isSafeKey } from './storage.ts'

/** Where uploads are kept on this server's own disk (also what checkFileOnServer looks at). */
export const uploadsDir = (config: Config) => path.join(config.dataDir, 'uploads')

/** The S3 bucket when S3_ENDPOINT and S3_BUCKET are set, otherwise the disk under DATA_DIR/uploads. */
export async function openStorage(config: Config): Promise<Storage> {
  return config.s3 ? await s3Storage(config.s3) : diskStorage(uploadsDir(config))
}

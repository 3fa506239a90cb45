import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import type { Readable } from 'node:stream'
import type { S3Config } from '../config.ts'
import { lookupType } from './content-types.ts'
import type { Storage } from './storage.ts'

const missing = (error: unknown) => {
  const name = (error as { name?: string }).name
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode
  return name === 'NoSuchKey' || name === 'NotFound' || status === 404
}

/**
 * Any S3-compatible bucket (AWS, MinIO, R2, s3rver in the tests), by path-style requests to its endpoint. The
 * SDK is loaded only when the configuration picks S3, as an optional backend is (docs/operations.md "Node").
 */
export async function s3Storage(config: S3Config): Promise<Storage> {
  const { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } =
    await import('@aws-sdk/client-s3')
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: true,
    // Plain signed requests, which every S3-compatible server takes: the SDK's default streaming checksums
    // (aws-chunked bodies) are not understood by all of them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
  })
  const Bucket = config.bucket
  return {
    kind: 's3',
    async put(key, source, contentType) {
      // A file stream with its length: the SDK streams it to the bucket without holding it in memory.
      const { size } = await stat(source)
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: createReadStream(source),
          ContentLength: size,
          ContentType: contentType,
        }),
      )
    },
    async get(key, range) {
      try {
        const answer = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: key,
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        )
        // A ranged answer names the whole size after the slash: `bytes 0-99/1234`.
        const whole = Number(answer.ContentRange?.split('/')[1])
        return {
          body: answer.Body as Readable,
          size: Number.isFinite(whole) ? whole : (answer.ContentLength ?? 0),
          contentType: answer.ContentType ?? lookupType(key),
        }
      } catch (error) {
        if (missing(error)) return null
        throw error
      }
    },
    async size(key) {
      try {
        return (await client.send(new HeadObjectCommand({ Bucket, Key: key }))).ContentLength ?? 0
      } catch (error) {
        if (missing(error)) return null
        throw error
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }))
    },
  }
}

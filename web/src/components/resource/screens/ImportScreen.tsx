import { describeField, type FieldInfo } from '@vod/contract/fields'
import { useMemo } from 'react'
import type { z } from 'zod'
import { ResourceImport } from '../ResourceImport.tsx'
import { useResource } from '../resource-context.tsx'

/** A template cell for a field of this kind, unless the resource gives one. */
function exampleOf(info: FieldInfo): string {
  switch (info.kind) {
    case 'flag':
      return '0'
    case 'day':
      return '2026-12-01'
    case 'instant':
      return '2026-12-01T09:00:00Z'
    case 'enum':
      return info.values?.[0] ?? ''
    case 'money':
      return '19.99'
    case 'integer':
    case 'number':
      return String(info.minimum ?? 1)
    default:
      return ''
  }
}

/** A resource's batch create: the template's columns are its import row's fields (the contract's). */
export default function ImportScreen() {
  const resource = useResource()
  const { contract } = resource
  const row = (contract.import?.row ?? contract.input) as z.ZodObject
  const examples = resource.import?.examples
  const columns = useMemo(
    () =>
      Object.entries(row.shape).map(([name, schema]) => ({
        name,
        example: examples?.[name] ?? exampleOf(describeField(schema as z.ZodType)),
      })),
    [row, examples],
  )
  return <ResourceImport columns={columns} />
}

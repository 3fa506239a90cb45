import { describe, expect, it } from 'vitest'
import { defaultColumns, filterFields, filterParams, shownAs } from '../src/components/resource/fields.ts'
import type { ResourceDefinition } from '../src/components/resource/resource-types.ts'
import { resources } from '../src/resources/index.ts'
import { serveGadgets } from './fixture-api.ts'
import { gadgets } from './fixtures/gadgets.tsx'

const api = serveGadgets()

interface Schema {
  $ref?: string
  properties?: Record<string, Schema>
  items?: Schema
}
interface Operation {
  parameters?: { name: string; in: string; description?: string; schema?: { description?: string } }[]
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>
}
interface Document {
  paths: Record<string, { get?: Operation }>
  components: { schemas: Record<string, Schema> }
}

/** A screen's column: a record field, or the field that shows a reference (`category_id` -> `category_name`). */
const shownField = (resource: { contract: ResourceDefinition['contract'] }, column: unknown): string => {
  const name = typeof column === 'string' ? column : (column as { field: string }).field
  const schema = resource.contract.record.shape[name]
  return schema
    ? (shownAs(resource.contract.record, { name, schema, info: describeOf(schema) }) ?? name)
    : name
}

import { describeField as describeOf } from '@vod/contract/fields'

/** What one list of the API document takes and answers. */
function listOf(document: Document, path: string) {
  const operation = document.paths[`/api/${path.replace(/:\w+/g, '{id}')}`]?.get
  if (!operation) throw new Error(`The API document has no GET /api/${path}`)
  const params = new Set((operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name))
  const sort = (operation.parameters ?? []).find((p) => p.name === 'sort')
  const sortable = (sort?.description ?? sort?.schema?.description ?? '').match(/Comma list of ([^;]+);/)?.[1]
  const resolve = (schema: Schema | undefined): Schema | undefined =>
    schema?.$ref ? document.components.schemas[schema.$ref.split('/').pop() ?? ''] : schema
  const answer = resolve(operation.responses['200']?.content?.['application/json']?.schema)
  const row = resolve(answer?.properties?.data?.items)
  return {
    params,
    sortable: new Set(sortable?.split(', ')),
    fields: new Set(Object.keys(row?.properties ?? {})),
  }
}

/** Every list a screen shows: the resources' own and their children's, with the columns and filters they use. */
const screens = [...resources, gadgets].flatMap((resource) => {
  const own = resource.screens.list
    ? [
        {
          name: resource.name,
          path: resource.api,
          columns: (resource.list?.columns ?? defaultColumns(resource.contract)).map((c) =>
            shownField(resource, c),
          ),
          filters: filterParams(
            filterFields(resource.contract).filter(
              (filter) => !resource.list?.filters || resource.list.filters.includes(filter.name),
            ),
          ),
        },
      ]
    : []
  const children = Object.entries(resource.contract.children ?? {}).map(([child, spec]) => ({
    name: `${resource.name}/${child}`,
    path: `${resource.api}/:id/${child}`,
    columns: (
      resource.children?.[child]?.columns ?? defaultColumns({ path: child, record: spec.record })
    ).map((c) => shownField({ contract: { path: child, record: spec.record } }, c)),
    filters: [] as string[],
  }))
  return [...own, ...children]
})

describe('every list screen asks only for what the API document says its list takes (issue 20)', () => {
  it.each(screens)('$name: its columns, sorts and filters', async ({ path, columns, filters }) => {
    const document = (await (await fetch(`${api.server.url}/api/openapi.json`)).json()) as Document
    const list = listOf(document, path)
    for (const column of columns) expect(list.fields, `column ${column}`).toContain(column)
    for (const filter of filters) expect(list.params, `filter ${filter}`).toContain(filter)
    const resource = [...resources, gadgets].find((each) => each.api === path)
    for (const field of resource?.contract.list?.sortable ?? [])
      expect(list.sortable, `sort ${field}`).toContain(field)
    for (const param of ['page', 'per_page', 'sort']) expect(list.params).toContain(param)
  })
})

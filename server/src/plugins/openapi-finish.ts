import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from '@vod/contract'

// biome-ignore lint/suspicious/noExplicitAny: an OpenAPI document is plain JSON, walked by key
type Json = any

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options']

/** What each status means here (API.md "Errors"), for answers the routes describe no further. */
const STATUS_MEANINGS: Record<string, string> = {
  '200': 'Done: the answer below.',
  '201': 'Created: the new record.',
  '204': 'Done; no body.',
  '400': 'Malformed request: bad JSON or form data, a wrong content type, an unsupported X-Api-Version.',
  '401': 'No token, or one that opens no session (any more).',
  '403': 'A valid token without the permission this operation needs.',
  '404': 'No such record or route.',
  '409': 'The record is in a state, or held by others, that does not allow this.',
  '413': 'The body or upload is over its limit.',
  '415': 'An upload of a type this operation does not take (judged by content).',
  '422': 'Validation failed; `errors` says where.',
  '429': 'Too many attempts or jobs at once; `Retry-After` says when to come back.',
  '502': 'The mail server did not take the e-mail.',
  '503':
    'The service cannot work just now: its database is out of reach (`Retry-After` is set), or, on a figure call, ' +
    'the database gives the figures no change stream (the message says why and which setting mends it).',
}

/** `GET /api/channels/:id/campaigns` -> `getChannelsByIdCampaigns`: unique, as method and path are. */
function operationId(method: string, path: string): string {
  const words = path
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const param = /^[:{](\w+)}?$/.exec(segment)
      const text = param ? `by-${param[1]}` : segment
      return text.split(/[-_]/)
    })
  return method + words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('')
}

/** Every `$ref` under a value. */
function refsIn(value: Json, found: Set<string>) {
  if (Array.isArray(value)) for (const item of value) refsIn(item, found)
  else if (value && typeof value === 'object')
    for (const [key, inner] of Object.entries(value))
      if (key === '$ref' && typeof inner === 'string') found.add(inner)
      else refsIn(inner, found)
}

/**
 * The last pass over the generated document, so that other people's tools read it as it is meant
 * (`redocly lint`, `spectral lint` with spectral:oas; scripts/lint-openapi.mjs): an operationId on every
 * operation, the tags declared, a server, each answer described, the CSV exports' `200 text/csv`, presence's `text/event-stream`, paging
 * parameters typed as the integers they are, and no schema nothing refers to.
 */
export function finishDocument(document: Json): Json {
  const tags = new Set<string>()
  for (const [path, item] of Object.entries<Json>(document.paths ?? {}))
    for (const method of METHODS) {
      const operation = item[method]
      if (!operation) continue
      operation.operationId ??= operationId(method, path)
      for (const tag of operation.tags ?? []) tags.add(tag)
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in !== 'query') continue
        if (parameter.name === 'page')
          parameter.schema = { type: 'integer', minimum: 1, maximum: 100_000, default: 1 }
        if (parameter.name === 'per_page')
          parameter.schema = { type: 'integer', minimum: 1, maximum: MAX_PER_PAGE, default: DEFAULT_PER_PAGE }
      }
      operation.responses ??= {}
      const responses = operation.responses
      if (path.endsWith('/exportCsv') && method === 'get')
        responses['200'] = {
          description: 'The CSV file (UTF-8 with a BOM, formula cells neutralised), streamed.',
          content: { 'text/csv': { schema: { type: 'string' } } },
          // The analytics' figures say how fresh they are (modules/analytics/export.ts).
          ...(path.startsWith('/api/analytics/')
            ? {
                headers: {
                  'Fresh-As-Of': {
                    description: 'The newest commit the figures include',
                    schema: { type: 'string', format: 'date-time' },
                  },
                },
              }
            : {}),
        }
      if (path === '/api/presence/{resource}/{id}' && method === 'get')
        responses['200'] = {
          description: 'Server-sent events (`hello`, `presence`, `saved`) while the connection lasts.',
          content: { 'text/event-stream': { schema: { type: 'string' } } },
        }
      for (const [status, response] of Object.entries<Json>(responses))
        if (!response.description || response.description === 'Default Response')
          response.description = STATUS_MEANINGS[status] ?? `HTTP ${status}.`
    }
  document.tags = [...tags].sort().map((name) => ({ name, description: `Operations on /api/${name}.` }))

  // Schemas only other schemas nobody uses refer to go too.
  const schemas = document.components?.schemas ?? {}
  const used = new Set<string>()
  refsIn(document.paths, used)
  const prefix = '#/components/schemas/'
  for (const queue = [...used]; queue.length > 0; ) {
    const name = (queue.pop() as string).slice(prefix.length)
    const inner = new Set<string>()
    refsIn(schemas[name], inner)
    for (const ref of inner)
      if (!used.has(ref)) {
        used.add(ref)
        queue.push(ref)
      }
  }
  for (const name of Object.keys(schemas)) if (!used.has(`${prefix}${name}`)) delete schemas[name]
  return document
}

import { z } from 'zod'
import { permissionCatalogue } from '../permissions.ts'
import { defineContract } from '../resource.ts'
import { instant, recordId, references } from '../values.ts'

/**
 * The lists a view may belong to: every group of the permission catalogue with a `list` permission, named as
 * the list's path (`users`, `orders`). The list's `edit-<list>` permission may change a view shared on it.
 */
export const savedViewLists = Object.entries(permissionCatalogue)
  .filter(([, actions]) => (actions as readonly string[]).includes('list'))
  .map(([group]) => group) as [string, ...string[]]

/** Widest first (a row made with the first value, as the field-rule walks make theirs, is seen by all). */
export const savedViewSharing = ['everyone', 'roles', 'private'] as const

export const savedViewLimits = { name: 60, query: 2000, columns: 100, width: { min: 40, max: 1200 } } as const

/** How tall a list's rows are: antd's default table, or its small one (more rows in sight). */
export const savedViewDensities = ['default', 'compact'] as const
export type SavedViewDensity = (typeof savedViewDensities)[number]

/** One `key=value` pair of a URL query (value percent-encoded), as a list writes its state into the URL. */
const queryPair = /^[a-z_][a-z0-9_]*=[A-Za-z0-9%._~*'()!,:@/+-]*$/

/**
 * A list's URL query without its `?` (`status=paid&sort=-id&per_page=50`): only stored and handed back to the
 * list's screen, which reads it as it reads its own URL; never run as anything here.
 */
const savedQuery = z
  .string()
  .max(savedViewLimits.query)
  .refine(
    (query) =>
      query === '' ||
      query.split('&').every((pair) => {
        if (!queryPair.test(pair)) return false
        try {
          decodeURIComponent(pair)
          return true
        } catch {
          return false
        }
      }),
    { message: 'validation.format' },
  )

const columnKey = z
  .string()
  .regex(/^[a-z_][a-z0-9_]*$/, { message: 'validation.format' })
  .max(64)

/**
 * One of a list's columns as a view lays it out: in the view's order, shown or not, and its width in pixels
 * where the view keeps one. Columns the view does not name keep the list's own place and choice.
 */
const savedViewColumn = z.object({
  key: columnKey,
  shown: z.boolean(),
  width: z.number().int().min(savedViewLimits.width.min).max(savedViewLimits.width.max).optional(),
})
export type SavedViewColumn = z.infer<typeof savedViewColumn>

const savedViewInput = z.object({
  name: z.string().trim().min(1).max(savedViewLimits.name),
  list: z.enum(savedViewLists),
  query: savedQuery,
  /** The list's columns in the view's order; `[]` (the default) keeps the list's own. */
  columns: z.array(savedViewColumn).max(savedViewLimits.columns).optional(),
  density: z.enum(savedViewDensities).optional(),
  shared: z.enum(savedViewSharing),
  /** The roles it is shared with, when `shared` is `roles`. */
  role_ids: references('roles').optional(),
  /**
   * Of those roles, the ones it is the default view of: their members' list opens on it. Set only by a holder
   * of the list's edit permission; one default per role and list.
   */
  default_role_ids: references('roles').optional(),
})

/** A row of GET /api/saved-views and the body of GET /api/saved-views/{id}. */
const savedViewRecord = z
  .object({
    id: recordId,
    name: z.string(),
    list: z.enum(savedViewLists),
    query: z.string(),
    columns: z.array(savedViewColumn),
    density: z.enum(savedViewDensities),
    shared: z.enum(savedViewSharing),
    role_ids: z.array(recordId),
    default_role_ids: z.array(recordId),
    /** Who saved it (set from the caller; never written). */
    owner_admin_id: recordId,
    created_at: instant,
    updated_at: instant,
  })
  .meta({ id: 'SavedView' })
export type SavedView = z.infer<typeof savedViewRecord>

/**
 * Saved views (issue 67): a list's filters, keyword, sort, page size, columns and density kept by name, the caller's own or
 * shared with roles or everyone. Every admin reads the views it may see; writes are the owner's (or, on a
 * shared view, an admin's holding the list's edit permission).
 */
export const savedViewsContract = defineContract({
  path: 'saved-views',
  label: 'name',
  record: savedViewRecord,
  input: savedViewInput,
  list: {
    sortable: ['id', 'name', 'updated_at'],
    defaultSort: 'name',
    filters: { list: true, shared: true },
  },
})

/**
 * `GET /api/saved-views/defaults`: the caller's role default view of each list that has one it may see, by list
 * (`{"orders": 12}`); its lowest id where two of its roles have different ones.
 */
export const savedViewDefaultsAnswer = z.record(z.string(), recordId).meta({ id: 'SavedViewDefaults' })

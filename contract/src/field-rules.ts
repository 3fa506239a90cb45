import { z } from 'zod'
import { type FigureName, figureNames, figureRegistry } from './figures.ts'
import { SUPER_ADMIN_ROLE } from './permissions.ts'

/**
 * Field rules (docs/security.md "Field rules"): what a role lets its admins do with each field of a
 * resource's record, from most to least: `write` (read and change), `read` (read only), `masked` (read as its
 * mask, where the field declares one: `j•••@example.com`) and `none` (absent everywhere). A field a role
 * does not name is `write`: a role grants whole resources until an admin narrows a field.
 */
export const fieldRuleStates = ['write', 'read', 'masked', 'none'] as const
export type FieldRule = (typeof fieldRuleStates)[number]

/** resource (API path) -> record field -> rule; only narrowed fields need be named. */
export type FieldRules = Record<string, Record<string, FieldRule>>

export const fieldRulesSchema = z.record(
  z.string().max(100),
  z.record(z.string().max(100), z.enum(fieldRuleStates)),
)

const rank: Record<FieldRule, number> = { write: 3, read: 2, masked: 1, none: 0 }

/** The wider of two rules. */
const widerRule = (a: FieldRule, b: FieldRule): FieldRule => (rank[a] >= rank[b] ? a : b)
/** Whether `a` gives more than `b`. */
export const ruleExceeds = (a: FieldRule, b: FieldRule): boolean => rank[a] > rank[b]

/** The rule of one field: `write` unless narrowed. */
export const ruleOf = (rules: FieldRules, resource: string, field: string): FieldRule => {
  // Own keys only, so a name from the object prototype (`constructor`) never reads as a rule.
  const fields = Object.hasOwn(rules, resource) ? rules[resource] : undefined
  return fields && Object.hasOwn(fields, field) ? (fields[field] as FieldRule) : 'write'
}

/** What an admin's role gives, as the server reads it for the field rules. */
export interface RoleRules {
  name: string
  /** The permission groups the role holds any permission of (`users` for list-users). */
  groups: readonly string[]
  field_rules: FieldRules
}

/**
 * An admin's rule per field: the widest its roles give. Only the roles that hold a permission of the
 * resource count for it (a content editor's role, which never names members, does not widen a marketer's
 * view of them); a resource none of them holds takes the widest of the roles that name rules for it. A super-admin reads and
 * writes everything. Only narrowed fields are in the answer.
 */
export function effectiveFieldRules(roles: readonly RoleRules[]): FieldRules {
  if (roles.some((role) => role.name === SUPER_ADMIN_ROLE)) return {}
  const resources = new Set(roles.flatMap((role) => Object.keys(role.field_rules)))
  const effective: FieldRules = {}
  for (const resource of resources) {
    const holding = roles.filter((role) => role.groups.includes(resource))
    // None holds it (the figures of its rows are what they read): only the roles that say something of it
    // count, so an unrelated role's silence does not lift a rule another set.
    const counted =
      holding.length > 0 ? holding : roles.filter((role) => role.field_rules[resource] !== undefined)
    const fields = new Set(counted.flatMap((role) => Object.keys(role.field_rules[resource] ?? {})))
    const narrowed: Record<string, FieldRule> = {}
    for (const field of fields) {
      const rule = counted
        .map((role) => ruleOf(role.field_rules, resource, field))
        .reduce<FieldRule>(widerRule, 'none')
      if (rule !== 'write') narrowed[field] = rule
    }
    if (Object.keys(narrowed).length > 0) effective[resource] = narrowed
  }
  return effective
}

/**
 * Values that are a resource's field under another key: a member mail's or a ticket reply's `recipient` is
 * the member's or the ticket's e-mail. Read only as that field is: left out of answers, and "hidden" in audit
 * entries, where the field is not read whole.
 */
export const carriedFields: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  users: { recipient: 'email' },
  supports: { recipient: 'email' },
}

type Registry = typeof figureRegistry

/**
 * Figures (figures.ts) summed over an order's fields: an admin who may not read each of them whole reads no
 * such figure either, wherever one is answered (the dashboard, the analytics screens and their CSVs, report
 * mails and theirs): the fees of a day's one order are its fees, its gross its amount. The fields are the
 * ones a kept figure of `orders` names in its SQL (`purchase.amount`), so a figure added to the registry
 * goes with them. A figure made from others (net from gross, a ratio from its two) goes with them.
 */
const figureFields: Partial<Record<FigureName, Record<string, readonly string[]>>> = Object.fromEntries(
  figureNames.flatMap((name) => {
    const figure: Record<string, unknown> = figureRegistry[name]
    const kept = figure.kept as { from: string; value: string; where?: string } | undefined
    const [table, alias] = kept?.from.split(' ') ?? []
    if (!kept || table !== 'orders') return []
    const named = `${kept.value} ${kept.where ?? ''}`.matchAll(new RegExp(`\\b${alias}\\.(\\w+)`, 'g'))
    const fields = [...new Set([...named].map((match) => match[1] as string))]
    return fields.length > 0 ? [[name, { orders: fields }]] : []
  }),
)

/** The figures a figure is made from (net from gross, refunds and chargebacks). */
const madeFrom = (name: FigureName): readonly FigureName[] => {
  const figure: Record<string, unknown> = figureRegistry[name]
  return ((figure.difference ?? figure.ratio ?? []) as FigureName[]).filter((part) => part in figureRegistry)
}

/** The order fields a figure reads, through the figures it is made from (net: gross's amount). */
const orderFieldsOf = (name: FigureName): string[] => [
  ...new Set([...(figureFields[name]?.orders ?? []), ...madeFrom(name).flatMap(orderFieldsOf)]),
]

/**
 * The order record's fields that show a registry figure of that one order, labelled as the figure is
 * (resources/orders.ts): what each reads is the registry's, so a field added here cannot be missed below.
 */
export const orderFigureFields = {
  fees: 'fees',
  refunded: 'refunds',
  charged_back: 'chargebacks',
  net: 'net',
  refund_count: 'refund_count',
  chargeback_count: 'chargeback_count',
} as const satisfies Record<string, FigureName>

/**
 * Record fields computed from others, which tell what those hold (an order's `fees` its three fees summed,
 * its `net` the amount less refunds and chargebacks, its `total_amount` the amount less the fees): read only
 * by who reads each of those whole. An order's figure fields read what their figure reads (the registry's).
 */
export const derivedFields: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  orders: {
    ...Object.fromEntries(
      Object.entries(orderFigureFields).flatMap(([field, figure]) => {
        const sources = orderFieldsOf(figure)
        return sources.length > 0 ? [[field, sources]] : []
      }),
    ),
    total_amount: ['amount', ...orderFieldsOf('fees')],
  },
}

/** A kept figure of orders whose SQL reads one of their fields (`purchase.amount`; an order's count does not). */
type OverOrderFields = {
  [K in FigureName]: Registry[K] extends { kept: { from: `orders ${string}`; value: `${string}.${string}` } }
    ? K
    : never
}[FigureName]
type PartsOf<K extends FigureName> = Registry[K] extends { difference: readonly (infer Part)[] }
  ? Part
  : Registry[K] extends { ratio: readonly (infer Part)[] }
    ? Part
    : never
type MadeOfHideable = {
  [K in FigureName]: [Extract<PartsOf<K>, OverOrderFields>] extends [never] ? never : K
}[FigureName]
/** A figure some field rules may hide. */
export type HideableFigure = OverOrderFields | MadeOfHideable

/**
 * Every figure some field rules may hide (hiddenFigures of a role that hides every order field): the answers
 * declare these optional, saying why (contract/src/resources/analytics.ts), and no other.
 */
export const hideableFigures = figureNames.filter(
  (name) => name in figureFields || madeFrom(name).some((part) => part in figureFields),
) as HideableFigure[]

/**
 * Keys of figure answers that name a record by another resource's fields (a channel by its UTM source,
 * medium and campaign; a plan by its title, else its code): left out, as a hidden figure is, for who may not
 * read each of those whole. The answers declare them optional for that.
 */
const figureLabelFields: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  channel_name: { channels: ['utm_source', 'utm_medium', 'utm_campaign'] },
  plan_name: { plans: ['title', 'name'] },
}

const hiddenNameNote = "Absent where the caller's field rules hide what names it."
/** A record's name beside figures, absent for who may not read it (above). */
export const hideableTitle = z.string().optional().describe(hiddenNameNote)
/** The same where null stands for no record (direct). */
export const hideableName = z.string().nullable().optional().describe(hiddenNameNote)

/** The figures (and figure answers' record names) an admin with these rules may not read. */
export function hiddenFigures(rules: FieldRules): Set<string> {
  const whole = (rule: FieldRule) => rule === 'write' || rule === 'read'
  const hidden = new Set<string>(
    Object.entries({ ...figureFields, ...figureLabelFields })
      .filter(([, reads]) =>
        Object.entries(reads ?? {}).some(([resource, fields]) =>
          fields.some((field) => !whole(ruleOf(rules, resource, field))),
        ),
      )
      .map(([figure]) => figure),
  )
  for (const name of figureNames) if (madeFrom(name).some((part) => hidden.has(part))) hidden.add(name)
  return hidden
}

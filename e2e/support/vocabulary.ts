import enUS from 'antd/locale/en_US'
import zhCN from 'antd/locale/zh_CN'
import type { Page } from 'playwright-core'
import { z } from 'zod'
import { describeFields } from '../../contract/src/fields.ts'
import { permissionEntries } from '../../contract/src/permissions.ts'
import type { Language } from './product.ts'
import { type FieldKinds, faultsOf, shownText, type Vocabulary } from './shown-text.ts'

type Messages = { [key: string]: unknown }
type Locale = { en: Messages; 'zh-cn': Messages }
interface WebResource {
  name: string
  locale: Locale
  group?: { name: string; locale: Locale }
  contract: {
    record: z.ZodObject
    input?: z.ZodObject
    update?: z.ZodObject
    actions?: Record<string, unknown>
    children?: Record<string, { record: z.ZodObject; input?: z.ZodObject }>
  }
  list?: { columns?: readonly (string | { field: string })[] }
  show?: { items?: readonly (string | { field: string })[] }
}

// The web app's own strings and resources, as vitest loads them (see routes.ts for why through a variable).
const web = '../../web/src'
const { translations } = await import(`${web}/i18n/registry.ts`)
const { bootLocales }: { bootLocales: Record<string, Locale> } = await import(`${web}/app/boot-locales.ts`)
const { shellLocales }: { shellLocales: Record<string, Locale> } = await import(`${web}/app/shell-locales.ts`)
const { resources }: { resources: WebResource[] } = await import(`${web}/resources/index.ts`)

/** Every string tree of the app by language, as i18n has them once the shell has loaded (app/shell.ts). */
function messages(language: 'en' | 'zh-cn'): Messages {
  const own = translations[language].translation as Messages
  const handed = { ...bootLocales, ...shellLocales }
  return {
    ...own,
    ...Object.fromEntries(Object.entries(handed).map(([name, locale]) => [name, locale[language]])),
  }
}

/** `[path, string]` for every string of a tree. */
function leaves(tree: unknown, path = ''): [string, string][] {
  if (typeof tree === 'string') return [[path, tree]]
  if (typeof tree !== 'object' || tree === null) return []
  return Object.entries(tree).flatMap(([key, value]) => leaves(value, `${path}.${key}`))
}

/** English strings of two trees of the same shape whose Chinese differs (a brand name, `CSV`, is the same). */
function englishOf(en: unknown, zh: unknown): string[] {
  const chinese = new Map(leaves(zh))
  return leaves(en).flatMap(([path, text]) =>
    /[A-Za-z]/.test(text) && chinese.has(path) && chinese.get(path) !== text ? [text.trim()] : [],
  )
}

/**
 * Labels antd and its rc components give screen readers in English whatever the locale (they are not in
 * antd's locale files): the app must give its own.
 */
const componentEnglish = ['Select all', 'Custom selection', 'Clear', 'Increase Value', 'Decrease Value']

/** Every enum value and action name of the contracts: the wire's codes, which people read by their labels. */
function codesOf(): Set<string> {
  const codes = new Set<string>()
  const walk = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(walk)
    else if (typeof node === 'object' && node !== null)
      for (const [key, value] of Object.entries(node)) {
        if (key === 'enum' && Array.isArray(value)) for (const code of value) codes.add(String(code))
        else if (key === 'const') codes.add(String(value))
        else walk(value)
      }
  }
  for (const { contract } of resources) {
    const schemas = [contract.record, contract.input, contract.update]
    for (const child of Object.values(contract.children ?? {})) schemas.push(child.record, child.input)
    for (const schema of schemas)
      if (schema) walk(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }))
    for (const action of Object.keys(contract.actions ?? {})) codes.add(action)
  }
  // Flags (0, 1) are numbers, and upper-case codes (USD) are read as they are in both languages.
  return new Set([...codes].filter((code) => /[a-z]/.test(code)))
}

function vocabulary(): Vocabulary {
  const en = messages('en')
  const zh = messages('zh-cn')
  // What zh-cn itself says somewhere (`ID`) is Chinese usage; abbreviations (`USD`, `CSV`) read the same.
  const chinese = new Set([...leaves(zh), ...leaves(zhCN)].map(([, text]) => text.trim()))
  const english = [...englishOf(en, zh), ...englishOf(enUS, zhCN)].filter(
    (text) => !chinese.has(text) && !/^[A-Z0-9 ]+$/.test(text),
  )
  return {
    namespaces: new Set(Object.keys(en)),
    english: new Set([...english, ...componentEnglish]),
    words: wordsOf(),
    codes: codesOf(),
  }
}

/** The wire's states (values of `status`, `*_status`) and action names (transitions, and the permissions'). */
function wordsOf(): Set<string> {
  const words = new Set<string>(permissionEntries.map((entry) => entry.action))
  for (const { contract } of resources) {
    for (const action of Object.keys(contract.actions ?? {})) words.add(action)
    for (const [field, info] of describeFields(contract.record))
      if (/(^|_)status$/.test(field)) for (const value of info.values ?? []) words.add(value)
  }
  // Permission actions that are plain words of both languages' sentences stay out: `list`, `export`.
  return new Set([...words].filter((word) => /^[a-z][a-z-]+$/.test(word)))
}

/** The fields a resource's records (and its children's) declare: kind, and an enum's values. */
function fieldKinds(name: string | undefined): FieldKinds {
  const resource = resources.find((r) => r.name === name)
  const kinds = new Map<string, { kind: string; values?: readonly string[] }>()
  if (!resource) return kinds
  const { contract } = resource
  const schemas = [...Object.values(contract.children ?? {}).map((child) => child.record), contract.record]
  for (const schema of schemas)
    for (const [field, info] of describeFields(schema))
      kinds.set(field, { kind: info.kind, values: info.values })
  return kinds
}

let known: Vocabulary | undefined

/**
 * What the page shows within `selector` that does not name things as people do (faultsOf), each fault said
 * with its language and `where`; `resource` names the records shown, whose fields' kinds are judged.
 */
export async function namingFaults(
  page: Page,
  selector: string,
  language: Language,
  where: string,
  resource?: string,
): Promise<string[]> {
  known ??= vocabulary()
  return faultsOf(await shownText(page, selector), language, known, fieldKinds(resource)).map(
    (fault) => `${language} ${where}: ${fault}`,
  )
}

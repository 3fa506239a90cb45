import type { Page } from 'playwright-core'
import type { Language } from './product.ts'

/** One thing a person reads or hears on a screen: a text, or an attribute a screen reader or tooltip gives. */
export interface Shown {
  text: string
  how: 'text' | 'aria-label' | 'title' | 'placeholder' | 'field'
  /**
   * The wire name of the column or detail item the text belongs to (`data-field`, set by the shared list and
   * detail screens); `field` items are the whole value of one.
   */
  field?: string
}

/**
 * What the page shows within `selector` (every match): its visible text nodes (an editor's content aside:
 * data, as an input's value is), the labels screen readers and tooltips give (antd's icons aside: each is
 * labelled by its icon's name, `left`, `search`), and each column cell and detail item by the field it
 * shows. Run in the page; a string, so the root typecheck needs no DOM.
 */
export function shownText(page: Page, selector: string): Promise<Shown[]> {
  return page.evaluate<Shown[]>(`(() => {
    const out = []
    const visible = (el) => el.checkVisibility({ visibilityProperty: true })
    const fieldOf = (el) => el.closest('[data-field]')?.dataset.field
    for (const scope of document.querySelectorAll(${JSON.stringify(selector)})) {
      const walker = document.createTreeWalker(scope, NodeFilter.SHOW_TEXT)
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent.trim()
        const parent = node.parentElement
        // What an editor holds is the record's text as written, like an input's value.
        if (text && parent && !parent.closest('script, style, [contenteditable]') && visible(parent))
          out.push({ text, how: 'text', field: fieldOf(parent) })
      }
      for (const how of ['aria-label', 'title', 'placeholder'])
        for (const el of scope.querySelectorAll('[' + how + ']')) {
          const text = el.getAttribute(how).trim()
          if (text && !el.matches('.anticon')) out.push({ text, how, field: fieldOf(el) })
        }
      for (const el of scope.querySelectorAll('[data-field]'))
        if (visible(el)) out.push({ text: el.innerText.trim(), how: 'field', field: el.dataset.field })
    }
    return out
  })()`)
}

/** What a language's screens must never show, and what the product's strings say in the other language. */
export interface Vocabulary {
  /** Top-level keys of the app's strings (`orders`, `resource`): a text `orders.fields.amount` is a key. */
  namespaces: ReadonlySet<string>
  /** English strings of the product (its own and antd's) that zh-cn says otherwise: never shown in zh-cn. */
  english: ReadonlySet<string>
  /** The wire's states and action names (`disabled`, `disable`, `refund`): shown only by their labels. */
  words: ReadonlySet<string>
  /** Every enum value of the wire: one standing where its label belongs is a code shown. */
  codes: ReadonlySet<string>
}

/** What the screen's own resource declares of a field: its kind and, for an enum, its values. */
export type FieldKinds = ReadonlyMap<string, { kind: string; values?: readonly string[] }>

const keyLike = /^([a-zA-Z][\w-]*)(\.[\w-]+)+$/
/** A host name (`videos.example.com`) looks like a key but is data. */
const hostLike = /\.(com|net|org|io|cn|dev|tv|app)$/
const bareId = /^#?\d+(\s*[,，、]\s*#?\d+)*$/
const html = /<\/?(p|div|span|strong|em|b|i|u|a|ul|ol|li|h[1-6]|br|img|blockquote)\b[^>]*>/i
const cjk = /[\u3400-\u9fff]/
/** Kinds whose values are product strings (labels); every other field shows data as people wrote it. */
const labelled = new Set(['enum', 'flag'])
/** A code read as a code in English too: `home_bottom`, `reject-report`. */
const compound = /[_-]/

/** Fields naming another record: a reference by its kind, or by the wire's `_id` / `_ids` naming. */
const namesRecord = (field: string, kinds: FieldKinds) =>
  /^references?$/.test(kinds.get(field)?.kind ?? '') || /_ids?$/.test(field)

/**
 * Each fault of what a screen shows, in words: a translation key as text, an English string of the product
 * in zh-cn, a wire code where its label belongs (standing alone, as an enum field's value, or inside a
 * Chinese sentence), raw HTML in a field's value, a bare id where a field names another record. Data (a
 * field's free text) is judged only for HTML: a demo title may well be English.
 */
export function faultsOf(
  shown: readonly Shown[],
  language: Language,
  vocabulary: Vocabulary,
  kinds: FieldKinds = new Map(),
): string[] {
  const faults = new Set<string>()
  const codeShown = (code: string, values: ReadonlySet<string> | readonly string[]) =>
    [...values].includes(code) && (language === 'zh-cn' || compound.test(code))
  for (const { text, how, field } of shown) {
    const declared = field === undefined ? undefined : kinds.get(field)
    if (how === 'field') {
      if (field && namesRecord(field, kinds) && bareId.test(text))
        faults.add(`field ${field}: a bare id "${text}" where a name belongs`)
      if (field && declared?.values && codeShown(text, declared.values))
        faults.add(`field ${field}: the code "${text}" where its label belongs`)
      continue
    }
    const data = field !== undefined && !labelled.has(declared?.kind ?? '')
    const key = keyLike.exec(text)
    if (key?.[1] && vocabulary.namespaces.has(key[1]) && !hostLike.test(text))
      faults.add(`${how}: the translation key "${text}"`)
    if (field !== undefined && html.test(text)) faults.add(`${how}: raw HTML "${text.slice(0, 80)}"`)
    if (language === 'zh-cn' && cjk.test(text))
      for (const word of text.match(/[A-Za-z][\w-]*/g) ?? [])
        if (vocabulary.words.has(word)) faults.add(`${how}: the code "${word}" in "${text}"`)
    // `home_bottom` is no one's wording, data or not (an ad slot was named by its position's code).
    if (compound.test(text) && vocabulary.codes.has(text))
      faults.add(`${how}: the code "${text}" where its label belongs`)
    if (data) continue
    if (language === 'zh-cn' && vocabulary.english.has(text)) faults.add(`${how}: English "${text}" in zh-cn`)
    if (codeShown(text, vocabulary.words)) faults.add(`${how}: the code "${text}" where its label belongs`)
  }
  return [...faults]
}

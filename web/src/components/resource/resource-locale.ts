import {
  definePairs,
  type Locale,
  type Pair,
  type PairStrings,
  type Pairs,
} from '../../i18n/define-locale.ts'
import { resourceLocale } from './locale.ts'

type Titled = 'createTitle' | 'editTitle' | 'showTitle'

const screens: Record<Titled, keyof typeof resourceLocale.en.titles> = {
  createTitle: 'create',
  editTitle: 'edit',
  showTitle: 'show',
}

/** Chinese beside a Latin word or a number has a space between them: 新建 SEO 条目. */
const joined = (left: string, right: string) =>
  (/\p{Script=Han}$/u.test(left) && /^[A-Za-z0-9]/.test(right)) ||
  (/[A-Za-z0-9]$/.test(left) && /^\p{Script=Han}/u.test(right))
    ? `${left} ${right}`
    : left + right

/** A screen's title made from the resource's noun in one language: `Create {{noun}}`, `{{Noun}}`, `新建{{noun}}`. */
const titleOf = (template: string, noun: string) =>
  template.split(/(\{\{[Nn]oun\}\})/).reduce((title, part) => {
    if (part === '{{noun}}') return joined(title, noun)
    if (part === '{{Noun}}') return joined(title, noun.charAt(0).toUpperCase() + noun.slice(1))
    return joined(title, part)
  }, '')

/**
 * A resource's strings, both languages beside each other (i18n/define-locale.ts): its `title` (menu, list,
 * breadcrumb), its `noun`, from which the titles of its create, edit and show screens are made
 * (resource.titles: 'Create tag', '新建标签'), unless it gives one of its own, then its fields, values and hints.
 */
export function defineResourceLocale<const T extends Pairs & { title: Pair; noun?: Pair }>(
  pairs: T,
): Locale<PairStrings<T> & Partial<Record<Titled, string>>> {
  const locale = definePairs(pairs) as Locale
  const { noun } = pairs
  if (noun) {
    const [en, zh] = noun
    for (const [key, screen] of Object.entries(screens)) {
      locale.en[key] ??= titleOf(resourceLocale.en.titles[screen], en)
      locale['zh-cn'][key] ??= titleOf(resourceLocale['zh-cn'].titles[screen], zh)
    }
  }
  return locale as Locale<PairStrings<T> & Partial<Record<Titled, string>>>
}

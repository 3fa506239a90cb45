import type { i18n as I18n } from 'i18next'

/**
 * Labels antd and its rc components give screen readers in English, written into their elements whatever
 * antd's locale says (they are not in its locale files): the table's select-all box, a select's clear
 * button, a number input's steppers. By the key of ours that says each in the app's language.
 */
const englishLabels: Record<string, string> = {
  'Select all': 'common.components.selectAll',
  'Custom selection': 'common.components.customSelection',
  Clear: 'common.components.clear',
  'Increase Value': 'common.components.increase',
  'Decrease Value': 'common.components.decrease',
}

/**
 * Rewrites those labels in the app's language wherever they appear, now and as components render or the
 * language changes: one observer for the whole document, since the components offer no prop for them (an
 * InputNumber's steppers none at all). React leaves the attribute alone afterwards, its prop unchanged.
 */
export function translateComponentLabels(i18n: I18n): void {
  // Any language's wording of a label names its key, so a language switch rewrites what the last one wrote.
  const keyOf = (label: string): string | undefined => {
    const english = englishLabels[label]
    if (english) return english
    return Object.values(englishLabels).find((key) =>
      Object.keys(i18n.store.data).some((language) => i18n.getFixedT(language)(key) === label),
    )
  }
  const known = new Set<string>()
  const refreshKnown = () => {
    known.clear()
    for (const [english, key] of Object.entries(englishLabels)) {
      known.add(english)
      for (const language of Object.keys(i18n.store.data)) known.add(i18n.getFixedT(language)(key))
    }
  }
  const translate = (element: Element) => {
    const label = element.getAttribute('aria-label')
    if (label === null || !known.has(label)) return
    const key = keyOf(label)
    const wanted = key && i18n.t(key)
    if (wanted && wanted !== label) element.setAttribute('aria-label', wanted)
  }
  const within = (root: ParentNode) => {
    if (root instanceof Element) translate(root)
    for (const element of root.querySelectorAll('[aria-label]')) translate(element)
  }
  // The login page's static render (features/login/render-static.tsx) has no document to watch.
  if (typeof MutationObserver === 'undefined') return
  refreshKnown()
  new MutationObserver((changes) => {
    for (const change of changes)
      if (change.type === 'attributes') translate(change.target as Element)
      else for (const node of change.addedNodes) if (node instanceof Element) within(node)
  }).observe(document.documentElement, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['aria-label'],
  })
  i18n.on('languageChanged', () => {
    refreshKnown()
    within(document)
  })
}

/**
 * What open forms held when the session ended (a 401), so that logging in again and returning to the
 * page brings it back instead of losing it. Kept in sessionStorage (this browser tab only, gone when it
 * closes), under the admin's username (another admin logging in here sees none of it), without passwords.
 */

export type DraftValues = Record<string, unknown>

/** An open form: its path and its values when the admin changed something, else null. */
type DraftSource = () => { path: string; values: DraftValues } | null

const PREFIX = 'draft:'
const sources = new Set<DraftSource>()

/** A form offers its unsaved values; the returned function withdraws the offer (on unmount). */
export function registerDraftSource(source: DraftSource): () => void {
  sources.add(source)
  return () => sources.delete(source)
}

const withoutSecrets = (values: DraftValues): DraftValues =>
  Object.fromEntries(Object.entries(values).filter(([key]) => !/password|secret|code/i.test(key)))

/** Keeps every open form's unsaved values for `owner`; answers how many were kept. */
export function saveDrafts(owner: string): number {
  let saved = 0
  for (const source of sources) {
    const draft = source()
    if (!draft) continue
    try {
      sessionStorage.setItem(
        PREFIX + draft.path,
        JSON.stringify({ owner, values: withoutSecrets(draft.values) }),
      )
      saved++
    } catch {
      // A full or blocked storage: this draft is lost, and the login screen does not claim otherwise.
    }
  }
  return saved
}

/** The draft kept for this page and admin, removed from storage as it is handed over. */
export function takeDraft(path: string, owner: string): DraftValues | null {
  const key = PREFIX + path
  const stored = sessionStorage.getItem(key)
  if (stored === null) return null
  sessionStorage.removeItem(key)
  try {
    const draft = JSON.parse(stored) as { owner?: unknown; values?: unknown }
    return draft.owner === owner && draft.values && typeof draft.values === 'object'
      ? (draft.values as DraftValues)
      : null
  } catch {
    return null
  }
}

/** Spec section 8: without the clipboard, copying fails with an error naming what is missing. */
export class ClipboardUnavailableError extends Error {
  constructor() {
    super('The clipboard is not available here (it needs a secure context: HTTPS or localhost).')
    this.name = 'ClipboardUnavailableError'
  }
}

export async function copyText(text: string): Promise<void> {
  if (!navigator.clipboard?.writeText) throw new ClipboardUnavailableError()
  await navigator.clipboard.writeText(text)
}

/**
 * What was typed into the prerendered login screen (index.html) before the app took over: the app's own
 * login screen starts from it, so a fast typist loses nothing, and the field that had the focus keeps it.
 */
export const earlyInput: { username: string; password: string; focus: 'username' | 'password' } = {
  username: '',
  password: '',
  focus: 'username',
}

/** Reads the prerendered screen's fields, once, before React replaces it. */
export function takeEarlyInput(root: HTMLElement): void {
  for (const input of root.querySelectorAll<HTMLInputElement>('.prerendered input')) {
    const name = input.name
    if ((name !== 'username' && name !== 'password') || !input.value) continue
    earlyInput[name] = input.value
  }
  const focused = document.activeElement
  if (focused instanceof HTMLInputElement && root.contains(focused) && focused.name === 'password')
    earlyInput.focus = 'password'
}

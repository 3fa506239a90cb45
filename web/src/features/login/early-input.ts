declare global {
  interface Window {
    /** Set by public/boot.js when the prerendered form was submitted (it sends nothing itself). */
    vodEarlySubmit?: boolean
  }
}

/**
 * What was typed into the prerendered login screen (index.html) before the app took over: the app's own
 * login screen starts from it, so a fast typist loses nothing, and the field that had the focus keeps it.
 * `submitted`: the form was sent (Enter, or Login clicked) before the app could; the app's screen sends it
 * once, rather than leave the admin waiting on a click that did nothing.
 */
export const earlyInput: {
  username: string
  password: string
  focus: 'username' | 'password'
  submitted: boolean
} = {
  username: '',
  password: '',
  focus: 'username',
  submitted: false,
}

/** Reads the prerendered screen's fields, once, before React replaces it. */
export function takeEarlyInput(root: HTMLElement): void {
  for (const input of root.querySelectorAll<HTMLInputElement>('.prerendered input')) {
    const name = input.name
    if ((name !== 'username' && name !== 'password') || !input.value) continue
    earlyInput[name] = input.value
  }
  earlyInput.submitted = window.vodEarlySubmit === true
  const focused = document.activeElement
  if (focused instanceof HTMLInputElement && root.contains(focused) && focused.name === 'password')
    earlyInput.focus = 'password'
}

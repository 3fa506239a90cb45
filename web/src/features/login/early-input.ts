/** What the prerendered login screen (index.html) was given before the app took over. */
export interface EarlyInput {
  username: string
  password: string
  /** The field that had the focus: it keeps it. */
  focus: 'username' | 'password'
  /** The form was sent (Enter, or Login clicked), which the prerendered screen cannot do itself. */
  submitted: boolean
}

declare global {
  interface Window {
    /** Noted by public/boot.js as the prerendered screen is used, until the app's own screen takes it. */
    vodEarly?: Partial<EarlyInput>
  }
}

/**
 * What was typed into the prerendered screen, read as the app's login screen first renders, so a fast typist
 * loses nothing: boot.js notes each change as it happens (the prerendered fields may be gone by the time the app
 * draws its screen), and the fields themselves win while they are still there.
 */
export function earlyInput(): EarlyInput {
  const noted = window.vodEarly ?? {}
  const early: EarlyInput = {
    username: noted.username ?? '',
    password: noted.password ?? '',
    focus: noted.focus ?? 'username',
    submitted: noted.submitted === true,
  }
  for (const input of document.querySelectorAll<HTMLInputElement>('.prerendered input'))
    if ((input.name === 'username' || input.name === 'password') && input.value)
      early[input.name] = input.value
  return early
}

/**
 * Once the app's screen shows, what the prerendered one was given is the app's: answers whether it was sent
 * (read now, as a click may have landed after the first render), and forgets it, so a later login screen
 * (after a logout) starts empty.
 */
export function takeEarlySubmission(): boolean {
  const submitted = window.vodEarly?.submitted === true
  window.vodEarly = undefined
  return submitted
}

// Runs as the page is parsed, before it first paints (index.html, right after #root): chooses the first
// screen. The login screen, prerendered into the page in both languages (prerender-login.ts), shows at once
// where the app will show the login anyway: without a session, or at #/login; in the admin's language (the
// cookie the app keeps, else the product's default, zh-cn). The other prerendered screens go, and so do
// all of them where the app draws another first screen. Until the app takes over, the prerendered form
// sends nothing (a native submission would carry the password in the address): a submission is noted, and
// the app's login screen sends it once it takes over.
;(() => {
  // Any cookie on the host may be malformed (a bad %-escape): one that will not decode is kept as it is, so
  // the guard below is installed whatever the cookies are (issue 65).
  const decoded = (value) => {
    try {
      return decodeURIComponent(value)
    } catch {
      return value
    }
  }
  const cookies = Object.fromEntries(
    document.cookie.split('; ').map((pair) => {
      const at = pair.indexOf('=')
      return [pair.slice(0, at), decoded(pair.slice(at + 1))]
    }),
  )
  const language = cookies.language === 'en' ? 'en' : 'zh-CN'
  const login = !cookies['Admin-Token'] || window.location.hash.startsWith('#/login')
  for (const screen of document.querySelectorAll('.prerendered'))
    if (!login || screen.lang !== language) screen.remove()
  // What the prerendered screen is given, noted as it happens for the app's login screen to take over
  // (web/src/features/login/early-input.ts): the fields may be gone before that screen is drawn.
  const early = {}
  window.vodEarly = early
  const prerendered = (target) => target instanceof Element && target.closest('.prerendered')
  const field = (target) =>
    prerendered(target) && (target.name === 'username' || target.name === 'password')
      ? target.name
      : undefined
  document.addEventListener(
    'input',
    (event) => {
      const name = field(event.target)
      if (name) early[name] = event.target.value
    },
    true,
  )
  document.addEventListener(
    'focusin',
    (event) => {
      const name = field(event.target)
      if (name) early.focus = name
    },
    true,
  )
  document.addEventListener(
    'submit',
    (event) => {
      if (!prerendered(event.target)) return
      event.preventDefault()
      early.submitted = true
    },
    true,
  )

  // The app's code (web/boot-preload.ts): index.html fetches the entry but leaves running it to here. A signed-in
  // cold load also fetches the frame's chunks and its screen's now, beside the entry, rather than once the entry
  // has run and asked for them; the paths the app shows without the frame (app/public-routes.ts) need none.
  const entry = document.querySelector('meta[name="vod-entry"]')?.getAttribute('content')
  if (!entry) return // the dev server's page runs its own module script
  const path = window.location.hash.slice(1).split('?')[0] || '/'
  const framed = !login && !/^\/(login|auth-redirect|4)/.test(path)
  const files = new Set()
  if (framed)
    for (const list of document.querySelectorAll('meta[name="vod-preload"]')) {
      const route = list.getAttribute('data-route')
      if (route === '*' || route === path)
        for (const file of (list.getAttribute('content') || '').split(' ')) if (file) files.add(file)
    }
  for (const file of files) {
    const link = document.createElement('link')
    const css = file.endsWith('.css')
    link.rel = css ? 'preload' : 'modulepreload'
    if (css) link.as = 'style'
    link.crossOrigin = ''
    link.href = file
    document.head.appendChild(link)
  }
  // The first calls too, as the code arrives meanwhile (web/src/base/early-data.ts takeBootAnswer): who is signed
  // in, and the dashboard's live figures once that answer grants them. A failed one is left to the app to ask.
  if (framed) {
    const meta = document.querySelector('meta[name="vod-entry"]')
    const ask = (api) =>
      fetch(`./api${api}`, {
        headers: {
          'X-Requested-With': 'XMLHttpRequest',
          'X-Api-Version': meta.getAttribute('data-api-version'),
          'Accept-Language': language === 'en' ? 'en' : 'zh-CN',
          Authorization: `Bearer ${cookies['Admin-Token']}`,
        },
        priority: 'high',
      }).catch(() => null)
    const me = ask('/auth/me')
    const answers = new Map([['/auth/me', me]])
    if (path === '/' || path === '/dashboard')
      answers.set(
        '/dashboard',
        me
          .then((answer) => (answer?.ok ? answer.clone().json() : null))
          .then((answer) =>
            answer?.data?.permissions?.includes('view-dashboard') ? ask('/dashboard') : null,
          )
          .catch(() => null),
      )
    window.vodBootAnswers = answers
  }
  let started = false
  const start = () => {
    if (started) return
    started = true
    import(entry)
  }
  if (!login) start()
  else {
    // The prerendered form paints first (a frame's callbacks run before it is drawn, a task queued then runs
    // after); half a megabyte of script run at once held it back. A hidden page draws no frame: the timer.
    requestAnimationFrame(() => setTimeout(start))
    setTimeout(start, 500)
  }
})()

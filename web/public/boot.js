// Runs as the page is parsed, before it first paints (index.html, right after #root): chooses the first
// screen. The login screen, prerendered into the page in both languages (prerender-login.ts), shows at once
// where the app will show the login anyway: without a session, or at #/login; in the admin's language (the
// cookie the app keeps, else the product's default, zh-cn). The other prerendered screens go, and so do
// all of them where the app draws another first screen. Until the app takes over, the prerendered form
// sends nothing: a native submission would carry the password in the address.
;(() => {
  const cookies = Object.fromEntries(
    document.cookie.split('; ').map((pair) => {
      const at = pair.indexOf('=')
      return [pair.slice(0, at), decodeURIComponent(pair.slice(at + 1))]
    }),
  )
  const language = cookies.language === 'en' ? 'en' : 'zh-CN'
  const login = !cookies['Admin-Token'] || window.location.hash.startsWith('#/login')
  for (const screen of document.querySelectorAll('.prerendered'))
    if (!login || screen.lang !== language) screen.remove()
  document.addEventListener(
    'submit',
    (event) => {
      if (event.target instanceof Element && event.target.closest('.prerendered')) event.preventDefault()
    },
    true,
  )
})()

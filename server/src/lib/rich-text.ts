import { UPLOAD_URL_PATTERN, UPLOADS_PREFIX } from '@vod/contract'
import sanitizeHtml from 'sanitize-html'
import { invalidField } from './errors.ts'

/**
 * Whether an image address that is no plain upload URL still means one once a browser reads it: with its
 * %-escapes decoded, tabs, line breaks and the spaces around it gone, backslashes as slashes
 * (`/uploads/%2e%2e/...`, `/uploads\\..\\...`).
 */
function claimsUpload(src: string): boolean {
  let decoded = src
  try {
    decoded = decodeURIComponent(src)
  } catch {
    // A broken escape decodes as it stands.
  }
  return decoded
    .replace(/[\t\n\r]/g, '')
    .trim()
    .replaceAll('\\', '/')
    .startsWith(UPLOADS_PREFIX)
}

/**
 * What rich text may hold once stored (posts, articles): the editor's own formatting and nothing that runs.
 * Scripts, styles, event handlers, frames and `javascript:` addresses are dropped; links open safely;
 * images come from this server's uploads only: an image from elsewhere would load (and tell a tracker) when
 * staff open the post, so it is dropped, as the editor only ever inserts uploads.
 */
const options = (refuse: (src: string) => void): sanitizeHtml.IOptions => ({
  allowedTags: [
    'p',
    'br',
    'h1',
    'h2',
    'h3',
    'h4',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'code',
    'pre',
    'hr',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  // An image that is not an upload of this server is dropped whole; one that names an upload by a path
  // that is not one (`/uploads/../../api/auth/me`) is refused.
  exclusiveFilter: (frame) => {
    if (frame.tag !== 'img') return false
    const src = frame.attribs.src ?? ''
    if (UPLOAD_URL_PATTERN.test(src)) return false
    if (claimsUpload(src)) refuse(src)
    return true
  },
  transformTags: {
    // A link that opens a new tab must not hand the site's window to the page it opens.
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
    }),
  },
})

/** Rich text as it is stored; 422 on `field` when an image names an upload by a path that is not one. */
export function sanitizeRichText(html: string, field = 'content'): string {
  let refused = false
  const clean = sanitizeHtml(
    html,
    options(() => {
      refused = true
    }),
  )
  if (refused) throw invalidField(field, 'validation.upload_path')
  return clean
}

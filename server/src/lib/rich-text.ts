import sanitizeHtml from 'sanitize-html'

/** An upload's URL (`UPLOADS_PREFIX`, contract/src/resources/files.ts). */
const UPLOADED = /^\/uploads\/[\w./-]+$/

/**
 * What rich text may hold once stored (posts, articles): the editor's own formatting and nothing that runs.
 * Scripts, styles, event handlers, frames and `javascript:` addresses are dropped; links open safely;
 * images come from this server's uploads only: an image from elsewhere would load (and tell a tracker) when
 * staff open the post, so it is dropped, as the editor only ever inserts uploads.
 */
const options: sanitizeHtml.IOptions = {
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
  // An image that is not an upload of this server is dropped whole.
  exclusiveFilter: (frame) => frame.tag === 'img' && !UPLOADED.test(frame.attribs.src ?? ''),
  transformTags: {
    // A link that opens a new tab must not hand the site's window to the page it opens.
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
    }),
  },
}

export const sanitizeRichText = (html: string): string => sanitizeHtml(html, options)

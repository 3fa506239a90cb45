import { MEDIA_URL_PATTERN } from '@vod/contract'
import sanitizeHtml from 'sanitize-html'

/**
 * What rich text may hold once stored (posts, articles): the editor's own formatting and nothing that runs.
 * Scripts, styles, event handlers, frames and `javascript:` addresses are dropped; links open safely;
 * images come from this server's uploads or an http(s) address.
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
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  // An image that is neither an upload of this server nor an http(s) address is dropped whole.
  exclusiveFilter: (frame) => frame.tag === 'img' && !MEDIA_URL_PATTERN.test(frame.attribs.src ?? ''),
  transformTags: {
    // A link that opens a new tab must not hand the site's window to the page it opens.
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
    }),
  },
}

export const sanitizeRichText = (html: string): string => sanitizeHtml(html, options)

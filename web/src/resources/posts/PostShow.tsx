import '../../components/rich-text/rich-text.css'
import { ResourceShow } from '../../components/resource/ResourceShow.tsx'
import { posts } from './index.ts'
import { postStatusColors } from './status.ts'
import type { Post } from './types.ts'

/** A post as readers see it. Its HTML was cleaned to an allowlist by the server before it was stored. */
export default function PostShow() {
  return (
    <ResourceShow<Post>
      resource={posts}
      items={[
        { key: 'cover', type: 'image' },
        { key: 'title' },
        { key: 'status', type: 'status', colors: postStatusColors },
        { key: 'isSticky', type: 'flag' },
        { key: 'publishedAt', type: 'datetime' },
        { key: 'description' },
      ]}
    >
      {(post) => (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server (lib/rich-text.ts) and the CSP forbids inline script.
        <article
          className="rich-html"
          data-testid="post-content"
          dangerouslySetInnerHTML={{ __html: post.content }}
        />
      )}
    </ResourceShow>
  )
}

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
      {(post) => <PostContent html={post.content} />}
    </ResourceShow>
  )
}

function PostContent({ html }: { html: string }) {
  return (
    <article
      className="rich-html"
      data-testid="post-content"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: cleaned on the server (lib/rich-text.ts); the CSP forbids inline script.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  )
}

import { describe, expect, it } from 'vitest'
import { asAdmin, loggedInContext, useProduct } from '../support/product.ts'

const product = useProduct()

type Listed<T> = { data: T[] }

describe('posts, end to end in Chromium', () => {
  it('writes a post with headings, bold text and a link in the rich-text editor, and shows it as written', async () => {
    const context = await loggedInContext(product, 'en')
    const page = await context.newPage()
    await page.goto(`${product.server.url}/#/videos/posts/create`)
    await page.getByRole('textbox', { name: 'Title' }).fill('E2E 公告 Notice')
    const editor = page.getByRole('textbox', { name: 'Content' })
    // A toolbar button hands the focus back to the text a frame later (tiptap's focus command): typing
    // before that would land on the button.
    const tool = async (name: string) => {
      await page.getByRole('button', { name, exact: true }).click()
      await expect.poll(() => editor.evaluate((node) => node === node.ownerDocument.activeElement)).toBe(true)
    }
    await editor.click()
    await tool('H2')
    await page.keyboard.type('新片上线')
    await page.keyboard.press('Enter')
    await tool('Bold')
    await page.keyboard.type('Bold news')
    await tool('Bold')
    await page.keyboard.type(' and more')
    await page.keyboard.press('Shift+Home')
    await page.getByRole('button', { name: 'Link', exact: true }).click()
    await page.getByRole('textbox', { name: /^Link address/ }).fill('https://example.com/news')
    await page.getByRole('button', { name: 'Apply' }).click()
    await page.getByTestId('form-submit').click()
    await page.waitForURL(/#\/videos\/posts(\?.*)?$/)

    const [post] = (await asAdmin<Listed<{ id: number; content: string }>>(product, '/api/posts?keyword=E2E'))
      .data
    expect(post?.content).toContain('<h2>新片上线</h2>')
    expect(post?.content).toMatch(
      /<a [^>]*href="https:\/\/example\.com\/news"[^>]*><strong>Bold news<\/strong> and more<\/a>/,
    )
    await page.goto(`${product.server.url}/#/videos/posts/${post?.id}`)
    const shown = page.getByTestId('content-html')
    await shown.getByRole('heading', { name: '新片上线' }).waitFor()
    expect(await shown.getByRole('link').getAttribute('href')).toBe('https://example.com/news')
    await context.close()
  })

  it('shows stored markup that tried to run script as harmless text and tags', async () => {
    const { data } = await asAdmin<{ data: { id: number } }>(product, '/api/posts', {
      method: 'POST',
      body: {
        title: 'E2E hostile',
        content: '<p>safe</p><img src="x" onerror="window.__xss=1"><script>window.__xss=2</script>',
      },
    })
    const context = await loggedInContext(product, 'en')
    const page = await context.newPage()
    await page.goto(`${product.server.url}/#/videos/posts/${data.id}`)
    await page.getByTestId('content-html').getByText('safe').waitFor()
    expect(await page.evaluate('window.__xss')).toBeUndefined()
    expect(await page.getByTestId('content-html').innerHTML()).toBe('<p>safe</p>')
    await context.close()
  })
})

import { describe, expect, it } from 'vitest'
import { publicRoutes } from '../src/app/public-routes.ts'
import { shellRoutes } from '../src/app/shell-routes.ts'
import { languages } from '../src/base/language.ts'
import type { AppRoute } from '../src/base/route-types.ts'
import { i18n } from '../src/i18n/index.ts'
import { useApp } from '../src/stores/app.ts'

const titleKeys = (routes: readonly AppRoute[]): string[] =>
  routes.flatMap((route) => [
    ...(route.meta ? [route.meta.titleKey] : []),
    ...titleKeys(route.children ?? []),
  ])

describe('translations', () => {
  it.each(languages)('has every route title in %s', (language) => {
    for (const key of titleKeys([...publicRoutes, ...shellRoutes]))
      expect(i18n.exists(key, { lng: language, fallbackLng: false }), `${language}: ${key}`).toBe(true)
  })

  it("calls the catalogue's menu 'Content' in English (the spec's 'OS header' is a slip)", () => {
    expect(i18n.getFixedT('en')('os-header.title')).toBe('Content')
    expect(i18n.getFixedT('zh-cn')('os-header.title')).toBe('视频内容')
  })

  it("makes a resource's screen titles from its noun in each language, unless it gives its own", () => {
    const en = i18n.getFixedT('en')
    const zh = i18n.getFixedT('zh-cn')
    expect([en('tags.createTitle'), en('tags.editTitle'), en('plans.showTitle')]).toEqual([
      'Create tag',
      'Edit tag',
      'Plan',
    ])
    expect([zh('tags.createTitle'), zh('tags.editTitle'), zh('plans.showTitle')]).toEqual([
      '新建标签',
      '编辑标签',
      '套餐详情',
    ])
    // Chinese beside a Latin word takes a space; a title of its own stands.
    expect(zh('seos.createTitle')).toBe('新建 SEO 条目')
    expect([en('orders.editTitle'), zh('orders.editTitle')]).toEqual(['Correct order', '修正订单'])
  })

  it('groups the digits of counts (117,534), as the lists and pickers show them', () => {
    expect(i18n.getFixedT('en')('resource.total', { count: 117534 })).toBe('117,534 in total')
    expect(i18n.getFixedT('zh-cn')('resource.total', { count: 117534 })).toBe('共 117,534 条')
  })

  it('follows the app language, and says so in the new language', () => {
    useApp.getState().setLanguage('en')
    expect(i18n.t('common.languageSwitched')).toBe('Switch Language Success')
    expect(document.cookie).toContain('language=en')
    useApp.getState().setLanguage('zh-cn')
    expect(i18n.t('common.languageSwitched')).toBe('切换语言成功')
    expect(document.documentElement.lang).toBe('zh-CN')
  })
})

import {
  exportFigures,
  figureRegistry,
  labelOf,
  orderFieldLabels,
  planFieldLabels,
  videoFieldLabels,
} from '@vod/contract'
import { parse } from 'csv-parse/sync'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { orders, plans, sources, users, videos } from '../../src/db/schema/index.ts'
import { describeEachEngine } from '../support/databases.ts'
import { startTestApp, type TestApp } from '../support/harness.ts'

/**
 * CSV headers as the screen's labels in its language (issue 58 item 8): `lang` names the language the web
 * shows (it sends its own), and the header row is then the labels its screens give the columns, read from
 * the contract as the web reads them; without `lang`, the wire names scripts and the batch imports read. The
 * cells stay as they were, neutralised.
 */
describeEachEngine('CSV headers as the screens label them', (engine) => {
  let t: TestApp
  let token: string
  /** The export's rows, BOM dropped, header first. */
  const rowsOf = async (path: string) => {
    const answer = await t.request(path, { token })
    expect(answer.status, String(answer.body)).toBe(200)
    return parse(String(answer.body).replace(/^\ufeff/, '')) as string[][]
  }

  beforeAll(async () => {
    t = await startTestApp(engine)
    token = await t.superToken()
    const [source] = await t.db.insert(sources).values({ name: 'Studio A' }).returning({ id: sources.id })
    // A title a spreadsheet would run as a formula.
    await t.db.insert(videos).values({ title: '=HYPERLINK("x")', serialNumber: 'LB-1', sourceId: source?.id })
    const [member] = await t.db.insert(users).values({ username: 'labelled' }).returning({ id: users.id })
    const [plan] = await t.db
      .insert(plans)
      .values({
        name: 'yearly',
        title: '年度会员',
        initialPeriodCount: 1,
        initialPeriodUnit: 'year',
        initialOriginalPrice: '99.00',
      })
      .returning({ id: plans.id })
    await t.db.insert(orders).values({
      orderNo: 'LB-ORDER',
      userId: member?.id as number,
      planId: plan?.id as number,
      amount: '99.00',
      totalAmount: '99.00',
      paymentMethod: 'segpay',
      paidAt: new Date('2026-10-02T10:00:00Z'),
    })
  })
  afterAll(() => t?.close())

  it("writes a video's header as the videos screens label it, in Chinese and in English", async () => {
    const [chinese = [], row = []] = await rowsOf('/api/videos/exportCsv?keyword=LB-1&lang=zh-cn')
    expect(chinese).toEqual([
      'ID',
      '编号',
      '标题',
      '状态',
      '发布时间',
      '时长（秒）',
      '播放量',
      '点赞',
      '点踩',
      '免费',
      '主推',
      // The source's id and name, both 来源 on screen, told apart.
      '来源 ID',
      '来源',
      '题材',
      '模特',
      '工作室',
      '导演',
      '封面',
      '正片',
      '创建时间',
    ])
    const [english = []] = await rowsOf('/api/videos/exportCsv?keyword=LB-1&lang=en')
    expect(english.slice(0, 6)).toEqual([
      'ID',
      'Serial number',
      'Title',
      'Status',
      'Published',
      'Duration (seconds)',
    ])
    expect(english).toContain('Source ID')
    // The cells are the same, neutralised: a formula is text.
    const cells = Object.fromEntries(chinese.map((label, index) => [label, row[index]]))
    expect(cells).toMatchObject({ 编号: 'LB-1', 标题: `'=HYPERLINK("x")`, 来源: 'Studio A' })
  })

  it('names every column the screens label, orders and plans too, wire names without lang', async () => {
    const exported = [
      { path: '/api/videos/exportCsv', own: videoFieldLabels },
      { path: '/api/orders/exportCsv', own: orderFieldLabels },
      { path: '/api/plans/exportCsv', own: planFieldLabels },
    ]
    for (const { path, own } of exported) {
      const [wire = []] = await rowsOf(path)
      const [chinese = []] = await rowsOf(`${path}?lang=zh-cn`)
      const [english = []] = await rowsOf(`${path}?lang=en`)
      expect(chinese).toHaveLength(wire.length)
      for (const [index, field] of wire.entries()) {
        // Every column is one the screens have a label for, in the contract.
        const label = labelOf(field, own)
        expect(label, `${path} ${field}`).toBeDefined()
        expect(chinese[index]?.startsWith(label?.[1] as string), `${path} ${field}`).toBe(true)
        expect(english[index]?.startsWith(label?.[0] as string), `${path} ${field}`).toBe(true)
      }
      // No two columns of one name.
      expect(new Set(chinese).size).toBe(chinese.length)
      expect(new Set(english).size).toBe(english.length)
    }
    const [header = [], row = []] = await rowsOf('/api/orders/exportCsv?keyword=LB-ORDER&lang=zh-cn')
    const order = Object.fromEntries(header.map((label, index) => [label, row[index]]))
    expect(order).toMatchObject({ 订单号: 'LB-ORDER', 会员: 'labelled', 套餐: '年度会员', 金额: '99.00' })
    expect(header).toEqual(expect.arrayContaining(['会员 ID', '套餐 ID', '支付时间', '净收入']))
  })

  it("writes the analytics CSV's header as the analytics screens label the day and the figures", async () => {
    const period = 'start_date=2026-10-01&end_date=2026-10-03'
    const [chinese = []] = await rowsOf(`/api/analytics/revenue/exportCsv?${period}&lang=zh-cn`)
    expect(chinese).toEqual([
      '日期',
      ...exportFigures('revenue').map((name) => figureRegistry[name].label['zh-cn']),
    ])
    expect(chinese).toContain('总收入')
    const [english = []] = await rowsOf(`/api/analytics/channel/exportCsv?${period}&lang=en`)
    expect(english).toEqual([
      'Date',
      ...exportFigures('channel').map((name) => figureRegistry[name].label.en),
    ])
    const [wire = []] = await rowsOf(`/api/analytics/revenue/exportCsv?${period}`)
    expect(wire[0]).toBe('date')
  })

  it('refuses a language the screens do not have', async () => {
    expect((await t.request('/api/videos/exportCsv?lang=fr', { token })).status).toBe(422)
    expect(
      (
        await t.request(
          '/api/analytics/revenue/exportCsv?start_date=2026-10-01&end_date=2026-10-01&lang=fr',
          { token },
        )
      ).status,
    ).toBe(422)
  })
})

import {
  type FigureLanguage,
  type ReportFigure,
  reportFigureIsMoney,
  reportFigureLabel,
  reportMailContents,
  STORE_CURRENCY,
  type SubscribedReport,
} from '@vod/contract'

/** The words of a report mail around its figures, in each language a report is written in. */
const words: Record<
  FigureLanguage,
  {
    period: string
    through: string
    zone: string
    channel: string
    allChannels: string
    attached: string
    freshAsOf: string
    footer: string
  }
> = {
  en: {
    period: 'Period',
    through: ' to ',
    zone: 'business time zone',
    channel: 'Channel',
    allChannels: 'every channel you see',
    attached: 'The attached CSV ({file}) holds the same figures as the screen exports them.',
    freshAsOf: 'Figures as of {time}',
    footer:
      'You get this report because you subscribed to it in the back-office; cancel it under "My report subscriptions".',
  },
  'zh-cn': {
    period: '统计周期',
    through: ' 至 ',
    zone: '业务时区',
    channel: '渠道',
    allChannels: '您可见的全部渠道',
    attached: '附件 CSV（{file}）包含与该页面导出相同的数据。',
    freshAsOf: '数据截至 {time}',
    footer: '您收到此报告是因为您在后台订阅了它；可在“我的报告订阅”中取消。',
  },
}

/** A figure's value as a screen reads it: money with two places, thousands grouped, and its currency. */
export function figureText(name: ReportFigure, value: unknown): string {
  if (value === null || value === undefined) return '-'
  const text = String(value)
  const grouped = text.replace(/^(-?\d+)/, (whole) => whole.replace(/\B(?=(\d{3})+(?!\d))/g, ','))
  return reportFigureIsMoney(name) ? `${grouped} ${STORE_CURRENCY}` : grouped
}

export interface ReportText {
  report: SubscribedReport
  language: FigureLanguage
  start: string
  end: string
  zone: string
  /** The channel's name, or null for every channel the subscriber sees. */
  channel: string | null
  totals: Record<string, unknown>
  /** The attachment's file name, when one goes with the mail. */
  file: string | null
  /** The newest commit the figures include (foldStatus); null when unknown. */
  freshAsOf: Date | null
  /** Figures the subscriber's field rules hide (contract/src/field-rules.ts `hiddenFigures`): left out. */
  hidden?: ReadonlySet<string>
  /** Why the database keeps no figures (errors.figures_unkept_*, in the mail's language): said instead of them. */
  unkept?: string | null
}

/** An instant as `YYYY-MM-DD hh:mm:ss` on the clock of a zone. */
function zoneTime(at: Date, zone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  )
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`
}

/** A report's subject and body: its screen's title, the period, and the headline figures labelled as the screen labels them. */
/** The report's headline figures, and how fresh they are. */
function figureLines(text: ReportText, colon: string): string[] {
  const w = words[text.language]
  return [
    ...reportMailContents[text.report].headline
      .filter((name) => !text.hidden?.has(name))
      .map(
        (name) => `${reportFigureLabel(name, text.language)}${colon}${figureText(name, text.totals[name])}`,
      ),
    ...(text.freshAsOf
      ? [w.freshAsOf.replace('{time}', `${zoneTime(text.freshAsOf, text.zone)} (${w.zone} ${text.zone})`)]
      : []),
  ]
}

export function reportText(text: ReportText): { subject: string; body: string } {
  const contents = reportMailContents[text.report]
  const w = words[text.language]
  const title = contents.title[text.language]
  const period = text.start === text.end ? text.start : `${text.start}${w.through}${text.end}`
  const colon = text.language === 'zh-cn' ? '：' : ': '
  const lines = [
    title,
    `${w.period}${colon}${period} (${w.zone} ${text.zone})`,
    `${w.channel}${colon}${text.channel ?? w.allChannels}`,
    '',
    ...(text.unkept ? [text.unkept] : figureLines(text, colon)),
    '',
    ...(text.file ? [w.attached.replace('{file}', text.file)] : []),
    w.footer,
  ]
  return { subject: `${title} ${period}`, body: lines.join('\n') }
}

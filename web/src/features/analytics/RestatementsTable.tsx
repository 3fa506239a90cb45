import type { EconomicsRestatement } from '@vod/contract/economics'
import type { Restatement } from '@vod/contract/restatements'
import { Table } from 'antd'
import { Fragment } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDateTime } from '../../components/resource/format.ts'
import { RecordName } from '../../components/resource/RecordName.tsx'
import { ScrollRegion } from '../../components/scroll-region/ScrollRegion.tsx'
import { formatMonth } from './closed-months.ts'
import { useUnitFormat } from './figure-format.ts'

/** An entry of either log: the kept figures' (analytics) or subscription economics'. */
export type RestatementEntry = Restatement | EconomicsRestatement

/** Who an entry's figure is of: its channel, campaign and plan where it names them, by name; else all. */
function Scope({ entry }: { entry: RestatementEntry }) {
  const { t } = useTranslation()
  const named = (
    [
      ['channels', entry.channel_id],
      ['campaigns', entry.campaign_id],
      ['plans', entry.plan_id],
    ] as const
  ).flatMap(([resource, id]) => (id === null ? [] : [{ resource, id }]))
  if (named.length === 0) return t('analytics.restatements.all')
  return named.map(({ resource, id }, n) => (
    <Fragment key={resource}>
      {n > 0 && ' · '}
      <RecordName resource={resource} id={id} />
    </Fragment>
  ))
}

/**
 * The restatements of a period's closed months, the newest first: each a figure of a month (named by
 * `labelOf`), its value before and after and the change between, the member site's table whose rows changed
 * and when it was noted.
 */
export function RestatementsTable<Entry extends RestatementEntry>({
  entries,
  labelOf,
}: {
  entries: Entry[]
  labelOf: (entry: Entry) => string
}) {
  const { t, i18n } = useTranslation()
  const format = useUnitFormat()
  const title = t('analytics.restatements.title')
  const right = 'right' as const
  return (
    <ScrollRegion label={title}>
      <Table<Entry>
        size="small"
        tableLayout="auto"
        pagination={false}
        data-testid="restatements-table"
        rowKey={(entry) =>
          [
            entry.noted_at,
            entry.month,
            'cohort' in entry ? entry.cohort : null,
            entry.figure,
            entry.channel_id,
            entry.campaign_id,
            entry.plan_id,
            entry.source,
          ].join(':')
        }
        dataSource={entries}
        columns={[
          {
            key: 'month',
            title: t('analytics.restatements.month'),
            render: (_, entry) => formatMonth(entry.month, i18n.language),
          },
          {
            key: 'figure',
            title: t('analytics.restatements.figure'),
            render: (_, entry) => labelOf(entry),
          },
          {
            key: 'scope',
            title: t('analytics.restatements.scope'),
            render: (_, entry) => <Scope entry={entry} />,
          },
          {
            key: 'before',
            title: t('analytics.restatements.before'),
            align: right,
            render: (_, entry) => format(entry.unit, entry.before),
          },
          {
            key: 'after',
            title: t('analytics.restatements.after'),
            align: right,
            render: (_, entry) => format(entry.unit, entry.after),
          },
          {
            key: 'change',
            title: t('analytics.restatements.change'),
            align: right,
            render: (_, entry) => format(entry.unit, entry.change, true),
          },
          {
            key: 'source',
            title: t('analytics.restatements.source'),
            render: (_, entry) => t(`analytics.restatements.sources.${entry.source}`),
          },
          {
            key: 'noted_at',
            title: t('analytics.restatements.notedAt'),
            render: (_, entry) => formatDateTime(entry.noted_at),
          },
        ]}
      />
    </ScrollRegion>
  )
}

import { useQuery } from '@tanstack/react-query'
import { Card, List, Tag, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { type Id, resourceClient } from '../../api/resource-client.ts'
import { stateColors } from './Display.tsx'
import { formatDateTime } from './format.ts'
import { valueLabel } from './labels.ts'
import { resourcePath } from './resource-paths.ts'
import type { ResourceDefinition } from './resource-types.ts'

/** How many of the newest related records a detail screen lists; the rest are a click away. */
const SHOWN = 10

type Row = { id: Id; status?: string; created_at?: string } & Record<string, unknown>

/**
 * The newest records of another resource that hold this one (`show.related` with `listed`: a member's
 * tickets), each a link to its page, and a link to all of them in their list, filtered.
 */
export function RelatedRecords({
  target,
  filter,
  id,
}: {
  target: ResourceDefinition
  filter: string
  id: Id
}) {
  const { t } = useTranslation()
  const query = { [filter]: String(id), per_page: String(SHOWN) }
  const rows = useQuery({
    queryKey: [target.api, 'list', query],
    queryFn: ({ signal }) => resourceClient<Row>(target.api).list(query, signal),
  })
  const label = target.contract.label ?? 'name'
  const total = rows.data?.meta.total ?? 0
  return (
    <Card
      title={t(`${target.name}.title`)}
      data-testid={`related-list-${target.name}`}
      extra={
        total > 0 && (
          <Link to={`${resourcePath(target, 'list')}?${filter}=${id}`}>
            {t('resource.relatedAll', { count: total })}
          </Link>
        )
      }
    >
      <List
        size="small"
        loading={rows.isLoading}
        dataSource={rows.data?.data ?? []}
        // antd's own empty text is too faint to read (WCAG contrast): the secondary text colour instead.
        locale={{
          emptyText: <Typography.Text type="secondary">{t('resource.relatedNone')}</Typography.Text>,
        }}
        renderItem={(row) => (
          <List.Item key={row.id} extra={row.created_at && <span>{formatDateTime(row.created_at)}</span>}>
            <Link to={resourcePath(target, 'show', row.id)}>{String(row[label] ?? `#${row.id}`)}</Link>
            {row.status && (
              <Tag color={stateColors[row.status]} style={{ marginInlineStart: 8 }}>
                {valueLabel(t, target.name, 'status', row.status)}
              </Tag>
            )}
          </List.Item>
        )}
      />
    </Card>
  )
}

import { describeField } from '@vod/contract/fields'
import { Button, Card, Descriptions, Space, Spin } from 'antd'
import type { TFunction } from 'i18next'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useParams } from 'react-router'
import type { z } from 'zod'
import { can } from '../../base/permission-match.ts'
import { useRouteHandle } from '../../base/use-route-handle.ts'
import { useCan, usePermissions } from '../../stores/permission.ts'
import { useSession } from '../../stores/session.ts'
import { isScheduled, RecordSchedules } from '../scheduled/RecordSchedules.tsx'
import { FieldValue } from './Display.tsx'
import { defaultItems, fieldOf, shownAs } from './fields.ts'
import { HiddenByRole } from './HiddenByRole.tsx'
import { titleOf } from './list-columns.tsx'
import { type Offer, RecordActions } from './RecordActions.tsx'
import { RecordError } from './RecordError.tsx'
import { RelatedRecords } from './RelatedRecords.tsx'
import { registeredResource } from './registry.ts'
import { useResource } from './resource-context.tsx'
import { resourcePath } from './resource-paths.ts'
import { useRecordQuery, useResourceClient } from './resource-queries.ts'
import { useListReturn } from './use-list-return.ts'

/** The record field naming what a reference item refers to (`user_id` -> `username`), where there is one. */
function shownOf(record: z.ZodObject, name: string): string | undefined {
  const field = fieldOf(record, name)
  return field && shownAs(record, field)
}

/** An item of a detail screen: a record field, or one the screen renders itself. */
type ShowItem<T> = string | { field: string; render?: (record: T, t: TFunction) => ReactNode }

interface ResourceShowProps<T> {
  /** The fields in order; the resource's declaration, else every field (fields.ts). */
  items?: readonly ShowItem<T>[]
  /** Whether the record offers a transition (ResourceList's `offer`). */
  offer?: Offer<T>
  /** The record's own buttons besides its transitions, next to Edit. */
  buttons?: (record: T) => ReactNode
  /** What follows the fields: child lists and the like. */
  children?: (record: T) => ReactNode
}

/**
 * The detail screen every resource shares: the record's fields by kind, the actions its state allows
 * (the contract's table; the declared ones ask first), the lists that hold it (`show.related`), Edit (with
 * its permission) and Back.
 */
export function ResourceShow<T extends { id: number }>(props: ResourceShowProps<T>) {
  const { buttons, children, offer } = props
  const resource = useResource()
  const { contract, name } = resource
  const { t } = useTranslation()
  const navigate = useNavigate()
  const backToList = useListReturn(resource)
  const params = useParams()
  const { id } = params
  const record = useRecordQuery(useResourceClient<T>(resource), id)
  const canEdit = useCan('edit', name) && Boolean(resource.screens.edit)
  const titleKey = useRouteHandle()?.route.meta?.titleKey
  const items = (props.items ?? resource.show?.items ?? defaultItems(contract)) as readonly ShowItem<T>[]
  const granted = usePermissions((state) => state.names)
  const related = (resource.show?.related ?? []).flatMap(({ resource: other, filter, listed }) => {
    const target = registeredResource(other)
    return target && can(granted, 'list', target.name) ? [{ target, filter, listed }] : []
  })

  const narrowed = useSession(
    (state) => Object.keys(state.profile?.field_rules?.[resource.api] ?? {}).length > 0,
  )
  if (record.error) return <RecordError error={record.error} />
  const data = record.data
  // A field the caller's role may not read is not in the answer at all (nor one computed from it): its row
  // is left out, not shown blank, and one line says why.
  const shownItems = items.filter((item) => {
    const field = typeof item === 'string' ? item : item.field
    return !narrowed || !data || !(field in contract.record.shape) || field in data
  })
  const extra = (
    <Space wrap>
      {data && contract.actions && (
        <RecordActions
          record={data}
          table={contract.actions}
          confirm={resource.list?.confirm}
          offer={offer}
          button={{ type: 'default', size: 'middle' }}
        />
      )}
      {data && buttons?.(data)}
      {data &&
        related.map(({ target, filter }) => (
          <Button
            key={target.name}
            data-testid={`related-${target.name}`}
            onClick={() => navigate(`${resourcePath(target, 'list')}?${filter}=${data.id}`)}
          >
            {t(`${target.name}.title`)}
          </Button>
        ))}
      {canEdit && id && (
        <Button data-testid="show-edit" onClick={() => navigate(resourcePath(resource, 'edit', id, params))}>
          {t('resource.edit')}
        </Button>
      )}
      <Button data-testid="show-back" onClick={() => backToList()}>
        {t('resource.back')}
      </Button>
    </Space>
  )
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card title={titleKey && t(titleKey)} extra={extra}>
        <Spin spinning={record.isLoading}>
          <Descriptions
            bordered
            column={{ xs: 1, md: 2 }}
            data-testid={`${name}-detail`}
            items={shownItems.map((item) => {
              const spec = typeof item === 'string' ? { field: item } : item
              const { field } = spec
              const schema = contract.record.shape[field] as z.ZodType | undefined
              const info = schema && describeField(schema)
              const value = data && (data as Record<string, unknown>)[field]
              // A reference is labelled as the field naming it is (`user_id` as `username`), as lists do.
              const shown = shownOf(contract.record, field)
              return {
                key: field,
                label: shown ? titleOf(t, name, shown) : titleOf(t, name, field, info),
                // Long texts take the whole row.
                span: info?.kind === 'rich_text' || info?.kind === 'long_text' ? 'filled' : undefined,
                // Each item says which record field it shows, as list cells do (ListView).
                children:
                  data === undefined ? null : (
                    <div data-field={field}>
                      {spec.render ? (
                        spec.render(data, t)
                      ) : info ? (
                        <FieldValue
                          field={field}
                          info={info}
                          value={value}
                          labels={name}
                          record={data}
                          shown={shown}
                        />
                      ) : (
                        String(value ?? '')
                      )}
                    </div>
                  ),
              }
            })}
          />
          {shownItems.length < items.length && <HiddenByRole />}
        </Spin>
      </Card>
      {data &&
        related.map(
          ({ target, filter, listed }) =>
            listed && <RelatedRecords key={target.name} target={target} filter={filter} id={data.id} />,
        )}
      {data && children?.(data)}
      {data && isScheduled(resource.api) && <RecordSchedules resource={resource.api} id={data.id} />}
    </Space>
  )
}

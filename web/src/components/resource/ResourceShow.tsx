import type { ActionTable } from '@vod/contract/actions'
import { Button, Card, Descriptions, Space, Spin } from 'antd'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useParams } from 'react-router'
import { useRouteHandle } from '../../app/use-route-handle.ts'
import { useCan } from '../../stores/permission.ts'
import { displayField, type FieldDisplay } from './Display.tsx'
import { type ResourceDefinition, resourcePath } from './define-resource.ts'
import { RecordActions } from './RecordActions.tsx'
import { RecordError } from './RecordError.tsx'
import { useRecordQuery, useResourceClient } from './resource-queries.ts'
import { useListReturn } from './use-list-return.ts'

export type ResourceItem<T> = FieldDisplay<T>

interface ResourceShowProps<T> {
  resource: ResourceDefinition
  items: ResourceItem<T>[]
  /** The resource's transition table (contract): the record offers the actions its state allows. */
  actions?: ActionTable
  /** Actions of the table that ask first: the destructive ones. */
  confirm?: readonly string[]
  /** The record's own buttons besides the table's, next to Edit. */
  buttons?: (record: T) => ReactNode
  /** What follows the fields: child lists and the like. */
  children?: (record: T) => ReactNode
}

/** The detail screen every resource shares: the record's fields, its actions, Edit (with its permission) and Back. */
export function ResourceShow<T extends { id: number }>(props: ResourceShowProps<T>) {
  const { resource, items, actions, confirm, buttons, children } = props
  const { t } = useTranslation()
  const navigate = useNavigate()
  const backToList = useListReturn(resource)
  const { id } = useParams()
  const record = useRecordQuery(useResourceClient<T>(resource), id)
  const canEdit = useCan('edit', resource.name) && Boolean(resource.screens.edit)
  const titleKey = useRouteHandle()?.route.meta?.titleKey

  if (record.error) return <RecordError error={record.error} />
  const data = record.data
  const extra = (
    <Space wrap>
      {data && actions && (
        <RecordActions
          resource={resource}
          record={data}
          table={actions}
          confirm={confirm}
          button={{ type: 'default', size: 'middle' }}
        />
      )}
      {data && buttons?.(data)}
      {canEdit && id && (
        <Button data-testid="show-edit" onClick={() => navigate(resourcePath(resource, 'edit', id))}>
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
            data-testid={`${resource.name}-detail`}
            items={items.map((item) => ({
              key: item.key,
              label: t(`${resource.name}.fields.${item.key as string}`),
              children: data === undefined ? null : displayField(item, data, resource.name),
            }))}
          />
        </Spin>
      </Card>
      {data && children?.(data)}
    </Space>
  )
}

import { Button, Card, Descriptions, Space, Spin } from 'antd'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useParams } from 'react-router'
import { useRouteHandle } from '../../app/use-route-handle.ts'
import { useCan } from '../../stores/permission.ts'
import { type ResourceDefinition, resourcePath } from './define-resource.ts'
import { displayValue } from './format.ts'
import { RecordError } from './RecordError.tsx'
import { useResourceRecord } from './resource-queries.ts'

export interface ResourceItem<T> {
  /** camelCase field; the label is `t('{resource}.fields.{key}')`. */
  key: keyof T & string
  type?: 'datetime'
  render?: (value: T[keyof T & string], record: T) => ReactNode
}

interface ResourceShowProps<T> {
  resource: ResourceDefinition
  items: ResourceItem<T>[]
  /** The record's own buttons (status actions...), next to Edit. */
  actions?: (record: T) => ReactNode
  /** What follows the fields: related lists and the like. */
  children?: (record: T) => ReactNode
}

/** The detail screen every resource shares: the record's fields, Edit (with its permission) and Back. */
export function ResourceShow<T extends { id: number }>({
  resource,
  items,
  actions,
  children,
}: ResourceShowProps<T>) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { id } = useParams()
  const record = useResourceRecord<T>(resource.name, id)
  const canEdit = useCan('edit', resource.name) && Boolean(resource.screens.edit)
  const titleKey = useRouteHandle()?.route.meta?.titleKey

  if (record.error) return <RecordError error={record.error} />
  const data = record.data
  const extra = (
    <Space wrap>
      {data && actions?.(data)}
      {canEdit && id && (
        <Button data-testid="show-edit" onClick={() => navigate(resourcePath(resource, 'edit', id))}>
          {t('resource.edit')}
        </Button>
      )}
      <Button onClick={() => navigate(resourcePath(resource, 'list'))}>{t('resource.back')}</Button>
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
            items={items.map((item) => {
              const value = data?.[item.key] as T[keyof T & string]
              return {
                key: item.key,
                label: t(`${resource.name}.fields.${item.key as string}`),
                children:
                  data === undefined
                    ? null
                    : item.render
                      ? item.render(value, data)
                      : displayValue(value, item.type),
              }
            })}
          />
        </Spin>
      </Card>
      {data && children?.(data)}
    </Space>
  )
}

import { Card, Table } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDateTime } from '../../components/resource/format.ts'
import { DEFAULT_PER_PAGE, type ListParams } from '../../components/resource/list-params.ts'
import { useResourceList } from '../../components/resource/resource-queries.ts'
import type { AllocatedMember } from './types.ts'

/** The members assigned to an admin, a page at a time (GET /api/admins/{id}/allocated-members). */
export function AllocatedMembers({ adminId }: { adminId: number }) {
  const { t } = useTranslation()
  const [params, setParams] = useState<ListParams>({ page: 1, perPage: DEFAULT_PER_PAGE, filters: {} })
  const list = useResourceList<AllocatedMember>(`admins/${adminId}/allocated-members`, params)
  const label = (key: string) => t(`admins.members.${key}`)
  return (
    <Card title={label('title')}>
      <Table<AllocatedMember>
        data-testid="allocated-members"
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.data}
        columns={[
          { key: 'id', dataIndex: 'id', title: label('id'), width: 80 },
          { key: 'username', dataIndex: 'username', title: label('username') },
          { key: 'email', dataIndex: 'email', title: label('email') },
          {
            key: 'assignedAt',
            dataIndex: 'assignedAt',
            title: label('assignedAt'),
            render: (value: string) => formatDateTime(value),
          },
        ]}
        locale={list.error ? { emptyText: list.error.message } : undefined}
        pagination={{
          current: params.page,
          pageSize: params.perPage,
          total: list.data?.meta.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('resource.total', { count: total }),
        }}
        onChange={(pagination) =>
          setParams({
            ...params,
            page: pagination.current ?? 1,
            perPage: pagination.pageSize ?? params.perPage,
          })
        }
      />
    </Card>
  )
}

import { Table, type TableProps } from 'antd'
import { useTranslation } from 'react-i18next'
import type { TagRow } from './use-tag-rows.ts'

/** The columns the demo tables show and export: the same keys name the cells of a file. */
const tagColumnKeys = ['id', 'name', 'type', 'created_at'] as const satisfies readonly (keyof TagRow)[]

export function useTagColumnTitles(): string[] {
  const { t } = useTranslation()
  return tagColumnKeys.map((key) => t(`demos.shared.columns.${key}`))
}

/** A tag as a file's row, in tagColumnKeys order. */
export const tagCells = (row: TagRow): (string | number)[] => tagColumnKeys.map((key) => row[key] ?? '')

export function TagTable(props: TableProps<TagRow>) {
  const titles = useTagColumnTitles()
  return (
    <Table<TagRow>
      rowKey="id"
      size="small"
      pagination={{ pageSize: 10 }}
      columns={tagColumnKeys.map((key, index) => ({ key, dataIndex: key, title: titles[index] }))}
      {...props}
    />
  )
}

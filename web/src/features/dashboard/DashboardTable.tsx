import { Table, type TableProps } from 'antd'

/** antd's Table for the dashboard's panels (top channels, plans, devices), in a chunk loaded after the live panels. */
export default function DashboardTable<T extends object>(props: TableProps<T>) {
  return <Table<T> {...props} />
}

import { Space, Tag } from 'antd'
import type { TFunction } from 'i18next'
import { formatDateTime } from './format.ts'

/** A record the member site shows until a moment (contract/src/expiry.ts: a banner, a block). */
interface Expiring {
  id: number
  expired_at: string | null
  expired: 0 | 1
}

/**
 * When the record stops showing, marked "Expired" once that has passed: the list column and the detail item
 * of every resource with `expired_at`.
 */
export const expiryColumn = {
  field: 'expired_at',
  render: (record: Expiring, t: TFunction) => (
    <Space size={4} wrap>
      {formatDateTime(record.expired_at)}
      {record.expired === 1 && (
        <Tag color="red" data-testid={`expired-${record.id}`}>
          {t('resource.expiredMark')}
        </Tag>
      )}
    </Space>
  ),
} as const

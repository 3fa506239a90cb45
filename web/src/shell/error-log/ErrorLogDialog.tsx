import { Button, Modal, Table, type TableColumnsType } from 'antd'
import dayjs from 'dayjs'
import { useTranslation } from 'react-i18next'
import { type LoggedError, useErrorLog } from '../../stores/error-log.ts'
import './error-log.css'

const firstLine = (text: string) => text.split('\n', 1)[0] ?? ''

/** The caught errors, newest first: message, place, URL and time, each row expanding to its stack. */
export default function ErrorLogDialog({
  open,
  onClose,
  afterClose,
}: {
  open: boolean
  onClose: () => void
  afterClose: () => void
}) {
  const { t } = useTranslation()
  const errors = useErrorLog((state) => state.errors)
  const columns: TableColumnsType<LoggedError> = [
    {
      key: 'message',
      title: t('shell.errorLog.message'),
      dataIndex: 'message',
      render: (message: string) => <strong className="error-log-message">{message}</strong>,
    },
    {
      key: 'place',
      title: t('shell.errorLog.place'),
      dataIndex: 'place',
      // A component stack is many lines; the first names the component that failed, the rest is below.
      render: (place: string) => <code className="error-log-code">{firstLine(place)}</code>,
    },
    {
      key: 'url',
      title: t('shell.errorLog.url'),
      dataIndex: 'url',
      render: (url: string) => <span className="error-log-url">{url}</span>,
    },
    {
      key: 'time',
      title: t('shell.errorLog.time'),
      dataIndex: 'time',
      width: 170,
      render: (time: number) => (
        <time dateTime={new Date(time).toISOString()}>{dayjs(time).format('YYYY-MM-DD HH:mm:ss')}</time>
      ),
    },
  ]
  return (
    <Modal
      open={open}
      title={t('shell.errorLog.title')}
      width={1000}
      onCancel={onClose}
      afterClose={afterClose}
      footer={[
        <Button
          key="clear"
          danger
          data-testid="error-log-clear"
          onClick={() => {
            useErrorLog.getState().clear()
            onClose()
          }}
        >
          {t('shell.errorLog.clear')}
        </Button>,
        <Button key="close" type="primary" onClick={onClose}>
          {t('shell.errorLog.close')}
        </Button>,
      ]}
    >
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        data-testid="error-log-table"
        dataSource={errors}
        columns={columns}
        expandable={{
          expandedRowRender: (error) => (
            <dl className="error-log-details">
              {error.place.includes('\n') && (
                <>
                  <dt>{t('shell.errorLog.place')}</dt>
                  <dd>
                    <pre className="error-log-code">{error.place}</pre>
                  </dd>
                </>
              )}
              <dt>{t('shell.errorLog.stack')}</dt>
              <dd>
                <pre className="error-log-code" data-testid="error-log-stack">
                  {error.stack || t('shell.errorLog.noStack')}
                </pre>
              </dd>
            </dl>
          ),
        }}
      />
    </Modal>
  )
}

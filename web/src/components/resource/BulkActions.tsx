import type { ActionTable } from '@vod/contract/actions'
import { BULK_LIMIT, type BulkAnswer } from '@vod/contract/bulk'
import { Alert, Button, Modal, Space, Table, Tag } from 'antd'
import { type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type Id, type ResourceClient, versionsOf } from '../../api/resource-client.ts'
import { notify } from '../../base/notify.ts'
import { ConfirmDialog } from './ConfirmDialog.tsx'
import { recordLabel } from './format.ts'
import type { ListController } from './list-controller.ts'
import { useBulkAction } from './resource-queries.ts'
import { DialogUndo } from './UndoNotices.tsx'

interface Outcome {
  action: string
  answer: BulkAnswer
  labels: Map<Id, string>
}

interface BulkOptions<T> {
  controller: ListController<T>
  /** The resource's own API path (a view's list reads elsewhere). */
  client: ResourceClient<unknown>
  /** Whether "every row the filters match" may be offered: not on a view, whose rows the server narrows. */
  matching: boolean
  /** The bulk actions the admin may run: the transitions it holds, then `delete`. */
  actions: readonly string[]
  /** The contract's transitions: which ask why (`reason`) and which one undoes another (`undo`). */
  table?: ActionTable
  /** The action's label. */
  labelOf: (action: string) => string
  /** Actions that ask first (delete always does). */
  confirm: readonly string[]
  /** The record field naming a row (the contract's label). */
  labelField?: string
}

/**
 * Bulk actions on a list (docs/resources.md "Bulk actions and undo"): the ticked rows, or every row the
 * list's filters match, through `POST /{path}/bulk/{action}`; afterwards a dialog says what happened to each
 * row (done, or refused and why; a delete's dialog offers its undo too). The server caps a request at
 * BULK_LIMIT rows; past it the bar says so before asking.
 */
export function useBulkActions<T extends { id: Id }>(options: BulkOptions<T>) {
  const { controller, client, matching, actions, table = {}, labelOf, confirm, labelField } = options
  const { t } = useTranslation()
  const [all, setAll] = useState(false)
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const run = useBulkAction(client)

  const perform = async (action: string, selected: readonly Id[], reason?: string) => {
    const labels = new Map<Id, string>(controller.rows.map((row) => [row.id, recordLabel(row, labelField)]))
    try {
      const answer = await run.mutateAsync({
        action,
        // Each ticked row goes with the version the list showed: one changed since is refused (412), alone.
        rows: all
          ? { all: controller.exportQuery }
          : {
              ids: selected,
              versions: versionsOf(controller.rows.filter((row) => selected.includes(row.id))),
            },
        reason,
      })
      setOutcome({ action, answer, labels })
      setAll(false)
      controller.select([])
    } catch (error) {
      void notify('error', (error as Error).message)
    }
  }

  const render = (selected: Id[]): ReactNode => {
    const count = all ? controller.total : selected.length
    const onPage = controller.rows.length
    const tooMany = all && controller.total > BULK_LIMIT
    return (
      <Space wrap>
        {matching && !all && selected.length >= onPage && controller.total > onPage && (
          <Button type="link" data-testid="bulk-select-all" onClick={() => setAll(true)}>
            {t('resource.bulk.selectAll', { count: controller.total })}
          </Button>
        )}
        {all && (
          <span data-testid="bulk-all">{t('resource.bulk.allSelected', { count: controller.total })}</span>
        )}
        {tooMany ? (
          <Alert type="warning" showIcon title={t('resource.bulk.tooMany', { limit: BULK_LIMIT })} />
        ) : (
          actions.map((action) => {
            const asksWhy = Boolean(table[action]?.reason)
            const danger = action === 'delete' || confirm.includes(action) || asksWhy
            const trigger = (onClick: () => void) => (
              <Button
                key={action}
                danger={danger}
                loading={run.isPending && run.variables?.action === action}
                data-testid={`bulk-${action}`}
                onClick={onClick}
              >
                {labelOf(action)}
              </Button>
            )
            if (!danger) return trigger(() => void perform(action, selected))
            return (
              <ConfirmDialog
                key={action}
                question={t('resource.bulk.confirm', { action: labelOf(action), count })}
                okText={labelOf(action)}
                danger
                reason={asksWhy}
                okTestId={`bulk-${action}-confirm`}
                onConfirm={(reason) => perform(action, selected, reason)}
              >
                {trigger}
              </ConfirmDialog>
            )
          })
        )}
      </Space>
    )
  }

  // An action the contract says another undoes (unpublish by publish) offers that on the rows it did.
  const undo = outcome && table[outcome.action]?.undo
  const undoable = undo && actions.includes(undo) && outcome.answer.meta.done > 0 ? undo : undefined
  const undoOutcome = (action: string, answer: BulkAnswer) => {
    const ids = answer.data.flatMap((row) => (row.result === 'done' ? [row.id] : []))
    const labels = outcome?.labels ?? new Map()
    return run.mutateAsync({ action, rows: { ids } }).then(
      (back) => setOutcome({ action, answer: back, labels }),
      (error: Error) => notify('error', error.message),
    )
  }

  const results = outcome && (
    <Modal
      open
      title={t('resource.bulk.results', {
        action: labelOf(outcome.action),
        done: outcome.answer.meta.done,
        refused: outcome.answer.meta.refused,
      })}
      footer={
        <Space>
          {undoable && (
            <Button
              data-testid="bulk-results-undo"
              loading={run.isPending}
              onClick={() => void undoOutcome(undoable, outcome.answer)}
            >
              {t('resource.bulk.undo', { action: labelOf(undoable) })}
            </Button>
          )}
          <Button type="primary" data-testid="bulk-results-close" onClick={() => setOutcome(null)}>
            {t('resource.bulk.close')}
          </Button>
        </Space>
      }
      onCancel={() => setOutcome(null)}
      width={640}
    >
      {outcome.action === 'delete' && outcome.answer.meta.done > 0 && (
        <DialogUndo
          resource={client.path}
          ids={outcome.answer.data.flatMap((row) => (row.result === 'done' ? [row.id] : []))}
        />
      )}
      <Table
        data-testid="bulk-results"
        size="small"
        rowKey="id"
        pagination={outcome.answer.data.length > 10 ? { pageSize: 10 } : false}
        dataSource={outcome.answer.data}
        onRow={(row) => ({ 'data-testid': `bulk-result-${row.id}` }) as object}
        columns={[
          { key: 'id', title: t('resource.fields.id'), dataIndex: 'id', width: 80 },
          {
            key: 'record',
            title: t('resource.bulk.record'),
            render: (_, row) => outcome.labels.get(row.id) ?? `#${row.id}`,
          },
          {
            key: 'result',
            title: t('resource.bulk.result'),
            render: (_, row) => (
              <Tag color={row.result === 'done' ? 'green' : 'red'}>{t(`resource.bulk.${row.result}`)}</Tag>
            ),
          },
          { key: 'message', title: t('resource.bulk.reason'), dataIndex: 'message' },
        ]}
      />
    </Modal>
  )

  return { render, results }
}

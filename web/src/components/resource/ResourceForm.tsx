import { describeField } from '@vod/contract/fields'
import { MAX_PER_PAGE } from '@vod/contract/lists'
import type { PresenceSaved } from '@vod/contract/presence'
import type { StaleAnswer } from '@vod/contract/versions'
import { Alert, Button, Card, Form, type FormInstance, Space, Spin, Typography } from 'antd'
import { isValidElement, useEffect, useId, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate, useParams } from 'react-router'
import type { z } from 'zod'
import { ApiError } from '../../api/http.ts'
import { notify } from '../../base/notify.ts'
import { useRouteHandle } from '../../base/use-route-handle.ts'
import { useSession } from '../../stores/session.ts'
import { confirmDiscard } from '../form/confirm-discard.ts'
import { showServerErrors } from '../form/server-errors.ts'
import { useForm } from '../form/use-form.ts'
import { useSessionDraft } from '../form/use-session-draft.ts'
import { useUnsaved } from '../form/use-unsaved.ts'
import { type HistoryRestore, RecordHistory } from '../history/RecordHistory.tsx'
import { restorableValues } from '../history/restore-values.ts'
import { isScheduled, RecordSchedules } from '../scheduled/RecordSchedules.tsx'
import { EditConflict, editorOf } from './EditConflict.tsx'
import { theirChanges, theirsOnTop } from './edit-conflict.ts'
import { defaultFormFields, formSchema } from './fields.ts'
import { type FormField, FormFields, fieldName } from './form-fields.tsx'
import { recordLabel } from './format.ts'
import { RecordError } from './RecordError.tsx'
import { RecordPresence } from './RecordPresence.tsx'
import { useResource } from './resource-context.tsx'
import { resourcePath } from './resource-paths.ts'
import {
  type RecordValues,
  useChange,
  useListQuery,
  useRecordQuery,
  useResourceClient,
  useSaveRecord,
} from './resource-queries.ts'
import { useListReturn } from './use-list-return.ts'
import { bodyOf } from './zod-rules.ts'

export type { FormField }

interface ResourceFormProps {
  /** The fields in order; the resource's declaration, else every field of the body (fields.ts). */
  fields?: readonly FormField[]
  /** Values of a new record besides the contract's defaults. */
  initialValues?: RecordValues
  /** The loaded record as the form holds it, where a field is split or joined (a video's tags by type). */
  toForm?: (record: RecordValues) => RecordValues
  /** The form's values as the API takes them, the other way round. */
  toBody?: (values: RecordValues) => RecordValues
  /** A second call once the record is saved (a role's admins); its 422 shows under the form's fields too. */
  afterSave?: (saved: SavedRecord, values: RecordValues) => Promise<unknown>
  /** The form's largest width in pixels (560 unless a field needs room). */
  maxWidth?: number
}

type SavedRecord = RecordValues & { id: number }

/** The values a new record starts with: the body's defaults (a status of `draft`). */
function defaultsOf(schema: z.ZodObject | undefined): RecordValues {
  if (!schema) return {}
  return Object.fromEntries(
    Object.entries(schema.shape).flatMap(([name, field]) => {
      const def = (field as unknown as { _zod: { def: { type: string; defaultValue?: unknown } } })._zod.def
      return def.type === 'default' ? [[name, def.defaultValue]] : []
    }),
  )
}

/**
 * The form's fields that name records of another resource though the contract has no such field: those
 * whose input is a record picker (`genre_ids` picks `tags`), so a change to them reads by the records' names.
 */
function pickedReferences(fields: readonly FormField[]): Record<string, string> {
  const found: Record<string, string> = {}
  for (const field of fields) {
    if (typeof field === 'string' || !isValidElement(field.input)) continue
    const picked = (field.input.props as { resource?: unknown }).resource
    if (typeof picked === 'string') found[field.name] = picked
  }
  return found
}

/** A form's values with empty ones (null, '') left out: what tells a change from how it was given. */
function formSnapshot(form: FormInstance): string {
  return JSON.stringify(form.getFieldsValue(true), (_, value) =>
    value === null || value === '' ? undefined : value,
  )
}

/**
 * The create / edit screen every resource shares, from its contract: each field's input by its kind and its
 * rules from the body's schema (the same text the server's 422 would give); on `/:id` routes it loads the
 * record first; the server's 422 shows under each field (first message), anything else as a message; after
 * saving it returns to the list. Unsaved changes are not dropped without asking (Cancel, the tab closed, a reload).
 * A save goes with the version of the record the form was made from: when someone saved it first (412), the
 * form keeps what was typed and shows their change beside it (EditConflict), to apply on top or to reload.
 */
export function ResourceForm(props: ResourceFormProps) {
  const resource = useResource()
  const { contract } = resource
  const { initialValues, toForm, toBody, afterSave } = props
  const { t } = useTranslation()
  const navigate = useNavigate()
  const params = useParams()
  const { id } = params
  const editing = id !== undefined
  const schema = formSchema(contract, editing)
  const client = useResourceClient<SavedRecord>(resource)
  const record = useRecordQuery(client, id)
  const oneEach = resource.form?.oneEach ?? []
  // The values other records hold of the fields each record has its own of: those are not offered.
  const others = useListQuery(client, { per_page: MAX_PER_PAGE }, oneEach.length > 0)
  // The caller's field rules (GET /api/auth/me): a hidden field is not in the form, one it may read but not
  // write is shown disabled and never sent (the server answers 403 to either).
  const rules = useSession((state) => state.profile?.field_rules?.[resource.api])
  const writable = (name: string) => (rules?.[name] ?? 'write') === 'write'
  const declared = (props.fields ?? resource.form?.fields ?? defaultFormFields(contract, editing)).flatMap(
    (field): FormField[] => {
      const name = fieldName(field)
      if (rules?.[name] === 'none') return []
      if (writable(name)) return [field]
      return [{ ...(typeof field === 'string' ? { name } : field), disabled: true }]
    },
  )
  const fields = declared.map((field): FormField => {
    const name = fieldName(field)
    if (!oneEach.includes(name)) return field
    const exclude = (others.data?.data ?? [])
      .filter((other) => String(other.id) !== id)
      .map((other) => String(other[name]))
    return { ...(typeof field === 'string' ? { name } : field), exclude }
  })
  const names = fields.map(fieldName)
  const roomy = names.some((name) => {
    const field = schema?.shape[name] as z.ZodType | undefined
    return field !== undefined && describeField(field).kind === 'rich_text'
  })
  const maxWidth = props.maxWidth ?? resource.form?.maxWidth ?? (roomy ? 880 : 560)
  const declaredValues = resource.form?.initialValues
  const startValues = useMemo(
    () => ({ ...defaultsOf(contract.input), ...declaredValues, ...initialValues }),
    [contract.input, declaredValues, initialValues],
  )
  const { pathname } = useLocation()
  const [form] = useForm<RecordValues>()
  const formName = `${resource.name}${useId()}`
  const save = useSaveRecord(client)
  const titleKey = useRouteHandle()?.route.meta?.titleKey
  // Saved or cancelled, the form is done with; the list comes back as it was left.
  const backToList = useListReturn(resource)
  // The record the form's values were made from: as loaded, or as a refused save (412) gave it once the
  // admin chose how to go on; its version goes with the save.
  const [base, setBase] = useState<SavedRecord | undefined>()
  const from = base
  // A refused save's answer, or one made of another's save as presence told it (`told`: who, before any 412,
  // and whether it was their change scheduled ahead, made at its time).
  const [stale, setStale] = useState<(StaleAnswer & { told?: { who: string; scheduled: boolean } }) | null>(
    null,
  )
  const shaped = (values: RecordValues) => (toForm ? toForm(values) : values)
  // A refused save shows its change list where the eye is: scrolled to, at the form's top.
  const conflictPanel = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (stale) conflictPanel.current?.scrollIntoView({ block: 'start' })
  }, [stale])

  // Once per screen: a kept (hidden, then shown again) screen re-runs its effects, and must not lose
  // what the admin typed to the record as loaded.
  const filled = useRef(false)
  // The values as the form was given them: a change is a difference from these. An input that settles its
  // value by itself (a picker's null for none) touches its field without changing anything.
  const asGiven = useRef<string | null>(null)
  useEffect(() => {
    if (id === undefined) asGiven.current ??= formSnapshot(form)
    if (!record.data || filled.current) return
    filled.current = true
    form.setFieldsValue(toForm ? toForm(record.data) : record.data)
    asGiven.current = formSnapshot(form)
    // Pinned: a refetch of the record (after another screen's change) must not move the version a save is
    // made from without moving the values.
    setBase(record.data)
  }, [form, id, record.data, toForm])
  const draft = useSessionDraft(form, pathname, id === undefined || record.data !== undefined)
  // Changes typed and not saved: closing the tab, Cancel and a reload ask first (stores/unsaved.ts).
  const saved = useRef(false)
  // Under the path it was opened at: a kept screen hidden behind another must not answer for that one.
  const [ownPath] = useState(pathname)
  // Whether the admin has changed a field: antd forgets its fields' touches while a kept screen is hidden
  // (its fields unregister with their effects), though their values stay in the form's store.
  const typed = useRef(false)
  // The same as a state, for the others on the record: this page is editing it.
  const [changing, setChanging] = useState(false)
  const screenAnchor = useUnsaved(
    ownPath,
    () => !saved.current && typed.current && formSnapshot(form) !== asGiven.current,
  )
  const cancel = async () => {
    if (await confirmDiscard([ownPath])) backToList({ done: true })
  }
  const discardDraft = () => {
    form.resetFields()
    if (from) form.setFieldsValue(shaped(from))
    draft.forget()
  }
  const theirs = stale?.data as SavedRecord | undefined
  // Their change over what was typed: a field both changed takes theirs; a save then keeps both.
  const applyTheirs = () => {
    if (!theirs || !from) return
    form.setFieldsValue(theirsOnTop(form.getFieldsValue(true), shaped(from), shaped(theirs), names))
    setBase(theirs)
    setStale(null)
  }
  const reloadTheirs = async () => {
    const now = theirs ?? (await record.refetch()).data
    if (!now) return
    form.resetFields()
    form.setFieldsValue(shaped(now))
    asGiven.current = formSnapshot(form)
    draft.forget()
    setBase(now)
    setStale(null)
  }

  // Earlier values put back from the record's history: saved at once from the version the form holds, through
  // every rule of an edit; the form then shows the record as saved.
  const restoreSave = useChange(client, (args: { entry: number; values: RecordValues }) =>
    client.update({ id: id as string, version: from?.version }, args.values, { restoredFrom: args.entry }),
  )
  const restore: HistoryRestore = {
    valuesOf: (entry) =>
      restorableValues(entry, {
        resource: contract.path,
        editable: Object.keys(schema?.shape ?? {}),
        actions: Object.keys(contract.actions ?? {}),
        rules,
      }),
    async restore(entry, values) {
      try {
        const now = await restoreSave.mutateAsync({ entry: entry.id, values })
        form.resetFields()
        form.setFieldsValue(shaped(now))
        asGiven.current = formSnapshot(form)
        typed.current = false
        draft.forget()
        setBase(now)
        setStale(null)
        void notify('success', t('resource.historyRestore.done'))
      } catch (error) {
        // Someone saved first: the form offers to reload it, as after a refused save.
        if (error instanceof ApiError && error.stale) setStale(error.stale)
        throw error
      }
    },
  }
  // An owned child's form (`channels/:id/campaigns`) has its history on its owner's page.
  const historyShown = editing && record.data !== undefined && !resource.api.includes(':')

  // Someone else saved the record while it is open here: their change, field by field, before a save here
  // would meet the 412 (the same panel and choices as the 412's).
  const newerSaved = async (saved: PresenceSaved) => {
    if (!from || saved.version === from.version) return
    const now = (await record.refetch()).data
    if (!now || now.version === from.version) return
    const { username, name } = saved.by
    setStale({
      message: '',
      version: String(now.version),
      changed_by: username,
      changed_by_name: name,
      changed_at: null,
      data: now,
      told: { who: name || username, scheduled: saved.scheduled === true },
    })
  }

  if (record.error) return <RecordError error={record.error} />

  async function submit(values: RecordValues) {
    let stored: SavedRecord | undefined
    try {
      const given = toBody ? toBody(values) : values
      const body = schema ? bodyOf(schema, given) : given
      stored = await save.mutateAsync({
        id,
        values: Object.fromEntries(Object.entries(body).filter(([name]) => writable(name))),
        version: from?.version,
      })
      if (afterSave) await afterSave(stored, values)
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      if (error.stale) {
        setStale(error.stale)
        return
      }
      // Errors no field on this form can show (or none at all) still need saying.
      if (showServerErrors(form, error, names)) void notify('error', error.message)
      // Created, but the second call failed: carry on editing the new record, so a retry does not create it twice.
      if (stored && id === undefined)
        navigate(resourcePath(resource, 'edit', stored.id, params), { replace: true })
      return
    }
    void notify('success', t('resource.saved'))
    saved.current = true
    backToList({ done: true, saved: { id: stored.id, name: recordLabel(stored, contract.label) } })
  }

  const card = (
    <Card
      ref={screenAnchor}
      title={titleKey && t(titleKey)}
      extra={
        id !== undefined && (
          <RecordPresence
            path={`/${client.path}/${id}`}
            id={id}
            editing={changing}
            onSaved={(saved) => void newerSaved(saved)}
          />
        )
      }
    >
      {draft.restored && (
        <Alert
          type="info"
          showIcon
          data-testid="draft-restored"
          title={t('resource.draftRestored')}
          action={
            <Button size="small" onClick={discardDraft}>
              {t('resource.discardDraft')}
            </Button>
          }
          style={{ marginBottom: 16, maxWidth }}
        />
      )}
      {stale && (
        <div ref={conflictPanel} style={{ marginBottom: 16, maxWidth, scrollMarginTop: 96 }}>
          <EditConflict
            stale={stale}
            title={
              stale.told &&
              t(stale.told.scheduled ? 'resource.presence.savedScheduled' : 'resource.presence.saved', {
                who: stale.told.who,
              })
            }
            resource={resource.name}
            // As the form holds both versions, over its own fields: one line a field, named as the form names it.
            changes={from && theirs ? theirChanges(shaped(from), shaped(theirs), names) : null}
            references={pickedReferences(fields)}
            onApply={applyTheirs}
            onReload={() => void reloadTheirs()}
          />
        </div>
      )}
      <Spin spinning={record.isLoading}>
        <Form
          form={form}
          // Field ids are the form's name + the field's: kept screens (two edit tabs, say) stay in the page
          // together, and each label must point at its own input.
          name={formName}
          layout="vertical"
          style={{ maxWidth }}
          initialValues={startValues}
          onValuesChange={() => {
            typed.current = true
            setChanging(true)
          }}
          onFinish={submit}
        >
          <FormFields fields={fields} labels={resource.name} schema={schema} required={contract.input} />
          <Space wrap>
            <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="form-submit">
              {t('resource.save')}
            </Button>
            <Button data-testid="form-cancel" onClick={() => void cancel()}>
              {t('resource.cancel')}
            </Button>
            {stale && !stale.told && (
              <Typography.Text type="warning" role="status" data-testid="edit-conflict-note">
                {editorOf(stale, t)
                  ? t('resource.conflict.notSaved', { who: editorOf(stale, t) })
                  : t('resource.conflict.notSavedElsewhere')}
              </Typography.Text>
            )}
          </Space>
        </Form>
      </Spin>
      {historyShown && (
        <div style={{ marginTop: 24 }} data-testid="form-history">
          <RecordHistory path={contract.path} id={Number(id)} restore={restore} />
        </div>
      )}
    </Card>
  )
  // A record's changes scheduled ahead go with its edit page as with its detail page.
  if (!editing || !isScheduled(resource.api)) return card
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {card}
      <RecordSchedules resource={resource.api} id={Number(id)} />
    </Space>
  )
}

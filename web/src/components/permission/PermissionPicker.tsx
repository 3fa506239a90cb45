import { useQuery } from '@tanstack/react-query'
import { neededBy } from '@vod/contract/permissions'
import type { Permission } from '@vod/contract/resources/roles'
import { Alert, Checkbox, Empty, Input, Spin, Typography } from 'antd'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { http } from '../../api/http.ts'
import { neededByTicked } from './needed-by-ticked.ts'
import {
  actionOf,
  filterGroups,
  groupPermissions,
  groupState,
  toggleGroup,
  withNeeds,
} from './permission-catalogue.ts'
import './permission-picker.css'
import { actionName, groupTitle, permissionTitle } from './permission-names.ts'

interface PermissionPickerProps {
  id?: string
  value?: string[]
  onChange?: (value: string[]) => void
  /** Shown, not changeable (the super-admin role). */
  disabled?: boolean
  /** Whether a catalogue group is offered (one the product has screens for); every group unless said. */
  groupShown?: (group: string) => boolean
}

const everyGroup = () => true

/**
 * The permission catalogue (GET /api/permissions) as a form input: one box per group with a select-all
 * box (indeterminate while only some are chosen), narrowed by a filter, groups only those `groupShown`
 * offers. Ticking a permission ticks what it needs (a deal's form picks plans: `list-plans`); each permission
 * says what it needs, as a warning while that is not ticked, and one ticked because another ticked one needs
 * it says which, so that an admin sees why it is there before clearing it. Group and action names are
 * translated where a translation exists, else shown as the server names them.
 */
export function PermissionPicker({
  id,
  value = [],
  onChange,
  disabled,
  groupShown = everyGroup,
}: PermissionPickerProps) {
  const { t } = useTranslation()
  const [filter, setFilter] = useState('')
  const catalogue = useQuery({
    queryKey: ['permissions', 'catalogue'],
    queryFn: ({ signal }) =>
      http.get<{ data: Permission[] }>('/permissions', { signal }).then((answer) => answer.data),
    staleTime: Number.POSITIVE_INFINITY,
  })
  const groups = useMemo(
    () =>
      groupPermissions(
        (catalogue.data ?? []).filter((entry) => groupShown(entry.group)),
        (group) => groupTitle(t, group),
        (entry) => actionName(t, actionOf(entry)),
      ),
    [catalogue.data, t, groupShown],
  )
  const groupNames = useMemo(() => [...new Set((catalogue.data ?? []).map((p) => p.group))], [catalogue.data])
  const visible = filterGroups(groups, filter)
  const selected = new Set(value)
  const reasons = useMemo(() => neededByTicked(value, neededBy), [value])
  const titles = (names: readonly string[]) =>
    names.map((name) => permissionTitle(t, name, groupNames)).join(t('permission.listSeparator'))
  /** Tick (with what they need) or clear `names`. */
  const tick = (names: string[], on: boolean) =>
    onChange?.(toggleGroup(value, on ? withNeeds(names, neededBy) : names, on))

  if (catalogue.error) return <Alert type="error" showIcon title={catalogue.error.message} />
  return (
    <Spin spinning={catalogue.isLoading}>
      <div className="permission-picker" id={id}>
        <div className="permission-picker-bar">
          <Input
            allowClear
            aria-label={t('permission.filter')}
            placeholder={t('permission.filter')}
            data-testid="permission-filter"
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
          />
          <Typography.Text type="secondary" aria-live="polite">
            {t('permission.chosen', { count: value.length })}
          </Typography.Text>
        </div>
        {visible.length === 0 && !catalogue.isLoading && <Empty description={t('permission.noMatch')} />}
        <div className="permission-groups">
          {visible.map((group) => {
            const names = group.permissions.map((permission) => permission.name)
            const state = groupState(names, selected)
            return (
              <fieldset
                key={group.group}
                className="permission-group"
                data-testid={`permission-group-${group.group}`}
              >
                <legend>
                  <Checkbox
                    checked={state.checked}
                    indeterminate={state.indeterminate}
                    disabled={disabled}
                    data-testid={`permission-group-toggle-${group.group}`}
                    onChange={(event) => tick(names, event.target.checked)}
                  >
                    {group.title}
                  </Checkbox>
                </legend>
                <div className="permission-items">
                  {group.permissions.map((permission) => {
                    const needs = neededBy(permission.name)
                    const lacking = selected.has(permission.name) && needs.some((need) => !selected.has(need))
                    const neededByOthers = reasons.get(permission.name)
                    const needsId = `${id ?? 'permissions'}-needs-${permission.name}`
                    const neededById = `${id ?? 'permissions'}-needed-by-${permission.name}`
                    const describedBy = [needs.length ? needsId : '', neededByOthers ? neededById : '']
                      .filter(Boolean)
                      .join(' ')
                    return (
                      <span key={permission.name} className="permission-item">
                        <Checkbox
                          title={permission.name}
                          checked={selected.has(permission.name)}
                          disabled={disabled}
                          data-testid={`permission-${permission.name}`}
                          aria-describedby={describedBy || undefined}
                          onChange={(event) => tick([permission.name], event.target.checked)}
                        >
                          {permission.label}
                        </Checkbox>
                        {needs.length > 0 && (
                          <Typography.Text
                            id={needsId}
                            className="permission-needs"
                            type={lacking ? 'warning' : 'secondary'}
                            data-testid={`permission-needs-${permission.name}`}
                          >
                            {t(lacking ? 'permission.needsLacking' : 'permission.needs', {
                              names: titles(needs),
                            })}
                          </Typography.Text>
                        )}
                        {neededByOthers && (
                          <Typography.Text
                            id={neededById}
                            className="permission-needs"
                            type="secondary"
                            data-testid={`permission-needed-by-${permission.name}`}
                          >
                            {t('permission.neededBy', { names: titles(neededByOthers) })}
                          </Typography.Text>
                        )}
                      </span>
                    )
                  })}
                </div>
              </fieldset>
            )
          })}
        </div>
      </div>
    </Spin>
  )
}

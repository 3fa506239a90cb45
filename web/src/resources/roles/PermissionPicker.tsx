import { useQuery } from '@tanstack/react-query'
import { Alert, Checkbox, Empty, Input, Spin, Typography } from 'antd'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { http } from '../../api/http.ts'
import { actionOf, filterGroups, groupPermissions, groupState, toggleGroup } from './permission-groups.ts'
import type { Permission } from './types.ts'
import './roles.css'

interface PermissionPickerProps {
  id?: string
  value?: string[]
  onChange?: (value: string[]) => void
  /** Shown, not changeable (the super-admin role). */
  disabled?: boolean
}

/**
 * The permission catalogue (GET /api/permissions) as a form input: one box per group with a select-all
 * box (indeterminate while only some are chosen), narrowed by a filter. Group and action names are
 * translated where a translation exists, else shown as the server names them.
 */
export function PermissionPicker({ id, value = [], onChange, disabled }: PermissionPickerProps) {
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
        catalogue.data ?? [],
        (group) => t(`roles.groups.${group}`, { defaultValue: group }),
        (entry) => {
          const action = actionOf(entry)
          return t(`roles.actions.${action}`, { defaultValue: action })
        },
      ),
    [catalogue.data, t],
  )
  const visible = filterGroups(groups, filter)
  const selected = new Set(value)
  const set = (next: string[]) => onChange?.(next)

  if (catalogue.error) return <Alert type="error" showIcon title={catalogue.error.message} />
  return (
    <Spin spinning={catalogue.isLoading}>
      <div className="permission-picker" id={id}>
        <div className="permission-picker-bar">
          <Input
            allowClear
            aria-label={t('roles.filterPermissions')}
            placeholder={t('roles.filterPermissions')}
            data-testid="permission-filter"
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
          />
          <Typography.Text type="secondary" aria-live="polite">
            {t('roles.chosen', { count: value.length })}
          </Typography.Text>
        </div>
        {visible.length === 0 && !catalogue.isLoading && (
          <Empty description={t('roles.noPermissionMatches')} />
        )}
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
                    data-testid={`permission-all-${group.group}`}
                    onChange={(event) => set(toggleGroup(value, names, event.target.checked))}
                  >
                    {group.title}
                  </Checkbox>
                </legend>
                <div className="permission-items">
                  {group.permissions.map((permission) => (
                    <Checkbox
                      key={permission.name}
                      title={permission.name}
                      checked={selected.has(permission.name)}
                      disabled={disabled}
                      data-testid={`permission-${permission.name}`}
                      onChange={(event) => set(toggleGroup(value, [permission.name], event.target.checked))}
                    >
                      {permission.label}
                    </Checkbox>
                  ))}
                </div>
              </fieldset>
            )
          })}
        </div>
      </div>
    </Spin>
  )
}

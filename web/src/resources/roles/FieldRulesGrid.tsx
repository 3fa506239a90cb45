import { type FieldRule, type FieldRules, fieldRuleStates } from '@vod/contract/field-rules'
import { describeFields } from '@vod/contract/fields'
import { Empty, Radio, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { groupTitle } from '../../components/permission/permission-names.ts'
import { fieldLabel } from '../../components/resource/labels.ts'
import { referencedResource } from '../../components/resource/registry.ts'

interface FieldRulesGridProps {
  id?: string
  value?: FieldRules
  onChange?: (value: FieldRules) => void
  /** The role's permissions: a resource is offered once the role holds a permission of it. */
  permissions: readonly string[]
  disabled?: boolean
}

/** The resources a role's permissions name, in the order they are first named. */
function resourcesOf(permissions: readonly string[]): string[] {
  const groups = permissions.flatMap((name) => {
    const match = /^[a-z]+-(.+)$/.exec(name)
    return match?.[1] ? [match[1]] : []
  })
  return [...new Set(groups)].filter((group) => referencedResource(group)?.api === group)
}

/** The rules with one field's changed: `write` is the default, so it is left out (and an empty resource too). */
function withRule(rules: FieldRules, resource: string, field: string, rule: FieldRule): FieldRules {
  const { [field]: _old, ...others } = rules[resource] ?? {}
  const fields = rule === 'write' ? others : { ...others, [field]: rule }
  const { [resource]: _resource, ...rest } = rules
  return Object.keys(fields).length > 0 ? { ...rest, [resource]: fields } : rest
}

/**
 * A role's field rules as a form input (contract/src/field-rules.ts): for each resource the role holds a
 * permission of, a row per record field with its four states as radio buttons (arrow keys move between
 * them); `masked` only where the contract declares the field's mask. Fields not narrowed are `write`.
 */
export function FieldRulesGrid({ id, value = {}, onChange, permissions, disabled }: FieldRulesGridProps) {
  const { t } = useTranslation()
  const resources = resourcesOf(permissions)
  if (resources.length === 0)
    return (
      <div id={id}>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('roles.fieldRulesNone')} />
      </div>
    )
  return (
    <div id={id} className="field-rules">
      {resources.map((path) => {
        const resource = referencedResource(path)
        if (!resource) return null
        const title = groupTitle(t, path)
        return (
          <section key={path} aria-label={title} style={{ marginBottom: 16 }}>
            <Typography.Title level={5}>{title}</Typography.Title>
            <table style={{ borderCollapse: 'collapse' }}>
              <tbody>
                {describeFields(resource.contract.record).map(([field, info]) => {
                  const label = fieldLabel(t, resource.name, field)
                  const rule = value[path]?.[field] ?? 'write'
                  return (
                    <tr key={field}>
                      <th
                        scope="row"
                        style={{ textAlign: 'start', fontWeight: 'normal', paddingInlineEnd: 16 }}
                      >
                        {label}
                      </th>
                      <td>
                        <Radio.Group
                          aria-label={`${title}: ${label}`}
                          // A native radio group each, so arrows move within the field's four states: inside
                          // the form's item antd names every group after it, one group of the whole grid.
                          name={`field-rules.${path}.${field}`}
                          size="small"
                          optionType="button"
                          disabled={disabled}
                          value={rule}
                          onChange={(event) => onChange?.(withRule(value, path, field, event.target.value))}
                          options={fieldRuleStates.map((state) => ({
                            value: state,
                            label: t(`roles.fieldRule.${state}`),
                            disabled: state === 'masked' && !info.mask,
                          }))}
                        />
                      </td>
                    </tr>
                  )
                })}
              </tbody>
            </table>
          </section>
        )
      })}
    </div>
  )
}

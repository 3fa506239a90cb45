import { permissionEntries } from '@vod/contract/permissions'
import { describe, expect, it } from 'vitest'
import { languages } from '../src/base/language.ts'
import {
  defaultColumns,
  defaultFormFields,
  defaultItems,
  fieldOf,
  filterFields,
  shownAs,
} from '../src/components/resource/fields.ts'
import type { ResourceDefinition } from '../src/components/resource/resource-types.ts'
import { i18n } from '../src/i18n/index.ts'
import { resources } from '../src/resources/index.ts'

const nameOf = (column: unknown) =>
  typeof column === 'string' ? column : (column as { field: string }).field

/** Every field a resource's shared screens label: list columns, detail items, form fields, filters. */
function labelledFields(resource: ResourceDefinition): string[] {
  const { contract } = resource
  const shown = (name: string) => {
    const field = fieldOf(contract.record, name)
    return field ? (shownAs(contract.record, field) ?? name) : name
  }
  const columns = resource.screens.list
    ? (resource.list?.columns ?? defaultColumns(contract)).map(nameOf)
    : []
  const items = resource.screens.show ? (resource.show?.items ?? defaultItems(contract)).map(nameOf) : []
  const form = resource.screens.create || resource.screens.edit ? defaultFormFields(contract, false) : []
  const filters = resource.screens.list ? filterFields(contract).map((filter) => filter.name) : []
  return [...new Set([...columns, ...items].map(shown).concat(form, filters))]
}

describe('every field a shared screen shows is labelled in both languages (issue 20)', () => {
  it.each(resources.map((resource) => [resource.name, resource] as const))('%s', (_, resource) => {
    for (const language of languages)
      for (const field of labelledFields(resource)) {
        const keys = [`${resource.name}.fields.${field}`, `resource.fields.${field}`]
        expect(
          keys.some((key) => i18n.exists(key, { lng: language, fallbackLng: false })),
          `${language}: ${resource.name}.${field}`,
        ).toBe(true)
      }
  })

  it.each(resources.map((resource) => [resource.name, resource] as const))(
    '%s: enum values',
    (_, resource) => {
      const fields = [...Object.keys(resource.contract.record.shape)].flatMap((name) => {
        const field = fieldOf(resource.contract.record, name)
        return field?.info.kind === 'enum' && name !== 'action' && name !== 'resource' ? [field] : []
      })
      for (const language of languages)
        for (const field of fields)
          for (const value of field.info.values ?? []) {
            const keys = [
              `${resource.name}.values.${field.name}.${value}`,
              `resource.values.${field.name}.${value}`,
            ]
            expect(
              keys.some((key) => i18n.exists(key, { lng: language, fallbackLng: false })),
              `${language}: ${resource.name}.${field.name}=${value}`,
            ).toBe(true)
          }
    },
  )
})

describe('every code a screen shows has a label in both languages (issue 36)', () => {
  it.each(languages)('names every action of the permission catalogue in %s', (language) => {
    for (const { action } of permissionEntries)
      expect(i18n.exists(`resource.verbs.${action}`, { lng: language, fallbackLng: false }), action).toBe(
        true,
      )
  })

  it.each(languages)("names what antd's components tell screen readers in %s", (language) => {
    for (const key of ['selectAll', 'clear', 'increase', 'decrease'])
      expect(i18n.exists(`common.components.${key}`, { lng: language, fallbackLng: false }), key).toBe(true)
  })
})

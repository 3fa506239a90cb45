import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { describeField } from '../src/fields.ts'
import {
  isPermissionName,
  neededBy,
  permissionEntries,
  permissionNeeds,
  permissionNeedsWaived,
} from '../src/permissions.ts'
import { childOperationsOf, listValueSchema, type ResourceContract } from '../src/resource.ts'
import { resourceModules } from './support/resource-modules.ts'

const contracts = (await resourceModules())
  .flatMap((module) => Object.entries(module))
  .filter(([name, value]) => name.endsWith('Contract') && typeof value === 'object' && 'list' in value)
  .map(([, value]) => value as ResourceContract)

/**
 * What a resource's form, list filters and linked children's pickers read of other resources, by the
 * permission that shows them.
 */
function referencesOf(resource: ResourceContract): [string, string][] {
  const path = resource.path
  const pairs: [string, string][] = []
  for (const field of Object.values(resource.input?.shape ?? {})) {
    const info = describeField(field as z.ZodType)
    const needs = [
      ...(info.reference && info.reference !== path ? [`list-${info.reference}`] : []),
      // Uploads, and images in rich text, go through the upload routes.
      ...(info.kind === 'media' || info.kind === 'rich_text' ? ['upload-files'] : []),
    ]
    for (const need of needs) for (const action of ['create', 'edit']) pairs.push([`${action}-${path}`, need])
  }
  for (const [name, given] of Object.entries(resource.list.filters ?? {})) {
    const info = describeField(listValueSchema(resource, name, given as z.ZodType | true))
    if (info.reference && info.reference !== path) pairs.push([`list-${path}`, `list-${info.reference}`])
  }
  // Linked children are added through a picker of the records they link (a block's videos).
  for (const child of Object.values(resource.children ?? {}))
    if (child.links && childOperationsOf(child).includes('create'))
      pairs.push([child.permissions ? `create-${child.permissions}` : `edit-${path}`, `list-${child.links}`])
  return pairs.filter(([permission]) => isPermissionName(permission))
}

describe('permission needs, declared once beside the catalogue', () => {
  it('name only permissions of the catalogue', () => {
    for (const [name, needs] of Object.entries(permissionNeeds)) {
      expect(isPermissionName(name), name).toBe(true)
      for (const need of needs ?? []) expect(isPermissionName(need), `${name} needs ${need}`).toBe(true)
    }
  })

  it("cover every record picker of the contracts' forms, list filters and linked children", () => {
    const missing = contracts
      .flatMap(referencesOf)
      .filter(([permission, need]) => !neededBy(permission).includes(need as never))
      .filter(([permission, need]) => !permissionNeedsWaived[permission as never]?.includes(need as never))
      .map(([permission, need]) => `${permission} needs ${need}`)
    expect(missing).toEqual([])
  })

  it("name what the walkthrough's jobs missed: a deal's plan, a channel's admins, the orders' member filter", () => {
    expect(neededBy('create-deals')).toContain('list-plans')
    expect(neededBy('edit-channels')).toContain('list-admins')
    expect(neededBy('list-orders')).toContain('list-users')
    expect(neededBy('edit-admins')).toContain('list-users')
  })

  it('make every action on a resource need its list, which its screens start from', () => {
    expect(neededBy('edit-banners')).toContain('list-banners')
    expect(neededBy('create-questions')).toContain('list-questions')
    expect(neededBy('history-users')).toContain('list-users')
    const missing = permissionEntries
      .filter((entry) => entry.action !== 'list' && entry.action !== 'all')
      .filter((entry) => isPermissionName(`list-${entry.group}`))
      .filter((entry) => !neededBy(entry.name).includes(`list-${entry.group}` as never))
      .map((entry) => entry.name)
    expect(missing).toEqual([])
    // A scope, not a screen: it widens other lists and needs none of its own.
    expect(neededBy('all-channels')).toEqual([])
  })

  it('let comment moderation and member history go without the member, admin and role lists they do not show', () => {
    expect(neededBy('list-comments')).not.toContain('list-users')
    expect(neededBy('ban-comments')).not.toContain('list-users')
    for (const name of ['history-users', 'history-orders'])
      expect(neededBy(name)).not.toEqual(expect.arrayContaining(['list-admins']))
    expect(neededBy('history-orders')).not.toContain('list-roles')
  })

  it('follow needs of needs, once each', () => {
    expect(neededBy('create-videos')).toEqual(expect.arrayContaining(['list-tags', 'list-tag-categories']))
    const needs = neededBy('list-orders')
    expect(new Set(needs).size).toBe(needs.length)
    expect(needs).not.toContain('list-orders')
  })
})

import { provideShellTable, type ShellTable } from '../base/shell-table.ts'
import { registerResources } from '../components/resource/registry.ts'
import { addLocales } from '../i18n/index.ts'
import { resources } from '../resources/index.ts'
import { shellLocales } from './shell-locales.ts'
import { findShellRoute, shellRoutes } from './shell-routes.ts'

/**
 * What the signed-in part brings into the app when it loads, since nothing before login uses it: its strings
 * (app/shell-locales.ts); the resources' registry (what a screen needs of another resource: its records' names,
 * its screens' paths); and the route table, handed down to the shell's menu, tabs and breadcrumb.
 */
addLocales(shellLocales)
registerResources(resources)

export const table: ShellTable = { shellRoutes, findShellRoute }
provideShellTable({ table })

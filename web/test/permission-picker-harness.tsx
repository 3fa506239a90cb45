import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import { useState } from 'react'
import { PermissionPicker } from '../src/components/permission/PermissionPicker.tsx'
import { hasScreens } from '../src/resources/roles/screen-groups.ts'

let current: string[] = []

function Harness({ initial }: { initial: string[] }) {
  const [value, setValue] = useState(initial)
  current = value
  return <PermissionPicker value={value} onChange={setValue} groupShown={hasScreens} />
}

/** The role editor's permission picker, holding its value as a form would. */
export function renderPicker(initial: string[] = []) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <Harness initial={initial} />
    </QueryClientProvider>,
  )
}

/** The names the picker holds now. */
export const picked = () => current

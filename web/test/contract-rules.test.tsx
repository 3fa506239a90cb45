import { fireEvent, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describeField, formatMessage } from '@vod/contract'
import { describe, expect, it } from 'vitest'
import { gadgetsContract } from '../../server/test/fixtures/gadgets/contract.ts'
import { setPermissions } from '../src/stores/permission.ts'
import { renderGadgets, serveGadgetScreens } from './gadgets-render.tsx'

const api = serveGadgetScreens()

/** The one place the rule is written: the contract's input schema. */
const max = describeField(gadgetsContract.input.shape.name).max_length as number
const tooLong = 'x'.repeat(max + 1)

describe('a contract rule, written once, is what the API, the form and the API document all say', () => {
  it('the API refuses a name over the contract’s length with its message', async () => {
    const answer = await fetch(`${api.server.url}/api/gadgets`, {
      method: 'POST',
      headers: { authorization: `Bearer ${api.server.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: tooLong, price: '1.00' }),
    })
    expect(answer.status).toBe(422)
    const body = (await answer.json()) as { errors: Record<string, string[]> }
    expect(body.errors.name?.[0]).toBe(
      formatMessage('en', 'validation.max.string', { attribute: 'name', max }),
    )
  })

  it('the form holds typing to it, and says the same under the field, before anything is sent', async () => {
    setPermissions(['list-gadgets', 'create-gadgets'])
    await renderGadgets('/gadgets/create')
    const name = (await screen.findByLabelText('Name')) as HTMLInputElement
    expect(name.maxLength).toBe(max)
    // A value set whole (as a script or an autofill would) passes the input's own limit.
    fireEvent.change(name, { target: { value: tooLong } })
    await userEvent.click(screen.getByTestId('form-submit'))
    expect(
      await screen.findByText(formatMessage('en', 'validation.max.string', { attribute: 'Name', max })),
    ).toBeTruthy()
    expect(api.requests('POST', '/api/gadgets')).toHaveLength(0)
  })

  it('the OpenAPI document gives the same length', async () => {
    const document = (await (await fetch(`${api.server.url}/api/openapi.json`)).json()) as {
      paths: Record<string, { post?: { requestBody: { content: Record<string, { schema: unknown }> } } }>
    }
    const body = document.paths['/api/gadgets']?.post?.requestBody.content['application/json']?.schema as {
      properties: { name: { maxLength: number } }
    }
    expect(body.properties.name.maxLength).toBe(max)
  })
})

import { Button, Card, Form, Input, Space, Tag, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type Binding, requestBinding, verifyBindingCode } from '../../api/auth.ts'
import { ApiError } from '../../api/http.ts'
import { notify } from '../../base/notify.ts'
import { useForm } from '../../components/form/use-form.ts'
import { replaceProfile, useSession } from '../../stores/session.ts'
import { BindingDetails } from './BindingDetails.tsx'
import { CODE_LENGTH, codeIssue, codeIssueKey, normalizeCode } from './code.ts'

type Step = { kind: 'idle' } | { kind: 'current' } | { kind: 'binding'; binding: Binding }

/** The session's profile now has an authenticator bound, so every screen reading it agrees at once. */
function markBound() {
  const profile = useSession.getState().profile
  if (profile) replaceProfile({ ...profile, two_factor_bound: 1 })
}

/**
 * The profile's two-factor card: bind an authenticator, or replace the bound one (API.md "Auth": the same
 * two calls as at login, with the access token; rebinding first asks for a code of the current one). Whether
 * one is bound comes from GET /api/auth/me (the session's profile), so the card offers the right step at once.
 */
export function TwoFactorCard() {
  const { t } = useTranslation()
  const [form] = useForm<{ code: string }>()
  const bound = useSession((state) => state.profile?.two_factor_bound)
  const [step, setStep] = useState<Step>({ kind: 'idle' })
  const [busy, setBusy] = useState(false)

  const codeRule = {
    validator: async (_: unknown, value?: string) => {
      const issue = codeIssue(value)
      if (issue) throw new Error(t(codeIssueKey(issue)))
    },
  }

  /** Runs a call; a refusal shows under the code field when there is one, else as a message. */
  async function attempt(call: () => Promise<void>) {
    setBusy(true)
    try {
      await call()
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      if (step.kind === 'idle') void notify('error', error.message)
      else form.setFields([{ name: 'code', errors: [error.fieldErrors.code ?? error.message] }])
    } finally {
      setBusy(false)
    }
  }

  const showBinding = (binding: Binding) => {
    form.resetFields()
    setStep({ kind: 'binding', binding })
  }

  const start = () =>
    bound === 1 ? setStep({ kind: 'current' }) : attempt(async () => showBinding(await requestBinding()))

  const submit = ({ code }: { code: string }) =>
    attempt(async () => {
      if (step.kind === 'current') return showBinding(await requestBinding({ code: normalizeCode(code) }))
      await verifyBindingCode(normalizeCode(code))
      markBound()
      setStep({ kind: 'idle' })
      void notify('success', t('twoFactor.card.done'))
    })

  return (
    <Card
      title={t('twoFactor.title')}
      extra={
        bound !== undefined && (
          <Tag color={bound ? 'green' : 'default'}>{t(bound ? 'resource.yes' : 'resource.no')}</Tag>
        )
      }
      data-testid="two-factor-card"
    >
      {bound !== undefined && (
        <Typography.Paragraph>
          {t(bound ? 'twoFactor.card.bound' : 'twoFactor.card.unbound')}
        </Typography.Paragraph>
      )}
      {step.kind === 'idle' ? (
        <Button type="primary" loading={busy} onClick={start} data-testid="two-factor-start">
          {t(bound ? 'twoFactor.card.rebind' : 'twoFactor.card.bind')}
        </Button>
      ) : (
        <Form form={form} layout="vertical" onFinish={submit} style={{ maxWidth: 420 }}>
          {step.kind === 'current' ? (
            <Typography.Paragraph>{t('twoFactor.card.currentIntro')}</Typography.Paragraph>
          ) : (
            <>
              <Typography.Paragraph>{t('twoFactor.bindIntro')}</Typography.Paragraph>
              <BindingDetails binding={step.binding} />
            </>
          )}
          <Form.Item
            name="code"
            label={t(step.kind === 'current' ? 'twoFactor.card.currentCode' : 'twoFactor.card.newCode')}
            rules={[codeRule]}
          >
            <Input
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={CODE_LENGTH + 2}
              data-testid="two-factor-card-code"
            />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" loading={busy}>
              {t(step.kind === 'current' ? 'twoFactor.card.continue' : 'twoFactor.verify')}
            </Button>
            <Button onClick={() => setStep({ kind: 'idle' })}>{t('twoFactor.card.cancel')}</Button>
          </Space>
        </Form>
      )}
    </Card>
  )
}

import { PASSWORD_MIN } from '@vod/contract/rules'
import { Button, Card, Form, Input } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiError } from '../../api/http.ts'
import { changePassword } from '../../api/profile.ts'
import { notify } from '../../base/notify.ts'
import { passwordRule } from '../../components/form/password-rule.ts'
import { showServerErrors } from '../../components/form/server-errors.ts'
import { useForm } from '../../components/form/use-form.ts'

interface PasswordValues {
  currentPassword: string
  password: string
  confirmation: string
}

const fields: (keyof PasswordValues)[] = ['currentPassword', 'password']

/**
 * Changes the admin's own password (`PUT /api/auth/password`): the current one is required, the new one
 * follows the shared rule (password-rule.ts). Other sessions end; this one stays.
 */
export function PasswordCard() {
  const { t } = useTranslation()
  const [form] = useForm<PasswordValues>()
  const [saving, setSaving] = useState(false)

  async function save({ currentPassword, password }: PasswordValues) {
    setSaving(true)
    try {
      await changePassword(currentPassword, password)
      form.resetFields()
      void notify('success', t('profile.password.changed'))
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      if (showServerErrors(form, error, fields)) void notify('error', error.message)
    } finally {
      setSaving(false)
    }
  }

  return (
    <Card title={t('profile.password.title')}>
      <Form<PasswordValues> form={form} name="profile-password" layout="vertical" onFinish={save}>
        <Form.Item
          name="currentPassword"
          label={t('profile.password.current')}
          rules={[{ required: true, message: t('profile.password.currentRequired') }]}
        >
          <Input.Password data-testid="current-password" autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('profile.password.new')}
          dependencies={['currentPassword']}
          rules={[
            passwordRule(t),
            ({ getFieldValue }) => ({
              validator: (_, value?: string) =>
                value && value === getFieldValue('currentPassword')
                  ? Promise.reject(new Error(t('profile.password.unchanged')))
                  : Promise.resolve(),
            }),
          ]}
          extra={t('profile.password.hint', { min: PASSWORD_MIN })}
        >
          <Input.Password data-testid="new-password" autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmation"
          label={t('profile.password.confirm')}
          dependencies={['password']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_, value?: string) =>
                value === getFieldValue('password')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('profile.password.mismatch'))),
            }),
          ]}
        >
          <Input.Password data-testid="confirm-password" autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="password-save">
          {t('profile.password.save')}
        </Button>
      </Form>
    </Card>
  )
}

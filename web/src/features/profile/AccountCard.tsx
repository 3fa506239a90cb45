import { UserOutlined } from '@ant-design/icons'
import { isWebAddress } from '@vod/contract/rules'
import { Avatar, Button, Card, Form, Input } from 'antd'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiError } from '../../api/http.ts'
import { updateProfile } from '../../api/profile.ts'
import { notify } from '../../base/notify.ts'
import { showServerErrors } from '../../components/form/server-errors.ts'
import { useForm } from '../../components/form/use-form.ts'
import { replaceProfile, useSession } from '../../stores/session.ts'

interface AccountValues {
  name: string
  avatar: string
  email: string
  introduction: string
}

const fields: (keyof AccountValues)[] = ['name', 'avatar', 'email', 'introduction']
const orNull = (value: string | undefined) => value?.trim() || null

/** Name, avatar (a URL, previewed), e-mail and introduction; saved with `PUT /api/auth/me`. */
export function AccountCard() {
  const { t } = useTranslation()
  const id = useId()
  const profile = useSession((state) => state.profile)
  const [form] = useForm<AccountValues>()
  const avatar = Form.useWatch('avatar', form)
  const preview = avatar && isWebAddress(avatar.trim()) ? avatar.trim() : undefined

  async function save(values: AccountValues) {
    try {
      const saved = await updateProfile({
        name: values.name.trim(),
        avatar: orNull(values.avatar),
        email: orNull(values.email),
        introduction: orNull(values.introduction),
      })
      replaceProfile(saved)
      void notify('success', t('profile.account.saved'))
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      if (showServerErrors(form, error, fields)) void notify('error', error.message)
    }
  }

  return (
    <Card title={t('profile.account.title')}>
      <Form<AccountValues>
        form={form}
        name="profile-account"
        layout="vertical"
        initialValues={{
          name: profile?.name ?? '',
          avatar: profile?.avatar ?? '',
          email: profile?.email ?? '',
          introduction: profile?.introduction ?? '',
        }}
        onFinish={save}
      >
        {/* Not a form field (it cannot change), so the label is tied to it by hand. */}
        <Form.Item label={t('profile.account.username')} htmlFor={`${id}-username`}>
          <Input id={`${id}-username`} value={profile?.username} disabled />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('profile.account.name')}
          rules={[{ required: true, whitespace: true, max: 100 }]}
        >
          <Input data-testid="profile-name" maxLength={100} />
        </Form.Item>
        <Form.Item label={t('profile.account.avatar')} required={false}>
          <div className="profile-avatar">
            <Avatar
              size={64}
              src={preview}
              icon={<UserOutlined />}
              alt={t('profile.account.avatarPreview')}
            />
            <Form.Item
              name="avatar"
              noStyle
              rules={[
                {
                  validator: (_, value?: string) =>
                    !value?.trim() || isWebAddress(value.trim())
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('profile.account.avatarInvalid'))),
                },
              ]}
            >
              <Input
                data-testid="profile-avatar"
                aria-label={t('profile.account.avatar')}
                placeholder="https://"
                inputMode="url"
              />
            </Form.Item>
          </div>
        </Form.Item>
        <Form.Item name="email" label={t('profile.account.email')} rules={[{ type: 'email', max: 255 }]}>
          <Input data-testid="profile-email" inputMode="email" autoComplete="email" />
        </Form.Item>
        <Form.Item name="introduction" label={t('profile.account.introduction')} rules={[{ max: 1000 }]}>
          <Input.TextArea data-testid="profile-introduction" rows={3} maxLength={1000} showCount />
        </Form.Item>
        <Button type="primary" htmlType="submit" data-testid="profile-save">
          {t('profile.account.save')}
        </Button>
      </Form>
    </Card>
  )
}

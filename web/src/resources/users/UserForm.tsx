import { USERNAME_PATTERN, userLimits } from '@vod/contract/resources/members'
import { DatePicker, Input } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useTranslation } from 'react-i18next'
import { MediaUpload } from '../../components/form/MediaUpload.tsx'
import { RecordPicker } from '../../components/resource/RecordPicker.tsx'
import { type ResourceField, ResourceForm } from '../../components/resource/ResourceForm.tsx'
import type { RecordValues } from '../../components/resource/resource-queries.ts'
import { useCan } from '../../stores/permission.ts'
import { users } from './index.ts'

const days = ['birthdate', 'startDate', 'endDate'] as const
const texts = ['email', 'firstName', 'lastName', 'phone', 'avatar', 'banner'] as const

/** Calendar days as the date pickers hold them. */
const toForm = (record: RecordValues): RecordValues => ({
  ...record,
  ...Object.fromEntries(days.map((day) => [day, record[day] ? dayjs(record[day] as string) : null])),
})

/**
 * /users/edit/{id}: a member's fields of spec section 3. The status changes through enable / disable;
 * the plan is chosen among the plans (searched on the server), with list-plans.
 */
export default function UserForm() {
  const { t } = useTranslation()
  const canPickPlans = useCan('list', 'plans')

  const toBody = (values: RecordValues): RecordValues => {
    const { planId, ...rest } = values
    return {
      ...rest,
      ...Object.fromEntries(
        days.map((day) => [day, values[day] ? (values[day] as Dayjs).format('YYYY-MM-DD') : null]),
      ),
      ...Object.fromEntries(texts.map((field) => [field, (values[field] as string | undefined) || null])),
      ...(canPickPlans ? { planId: planId ?? null } : {}),
    }
  }

  const fields: ResourceField[] = [
    {
      name: 'username',
      required: true,
      rules: [{ pattern: USERNAME_PATTERN, message: t('users.usernameRule') }],
      input: <Input maxLength={userLimits.username} autoComplete="off" />,
    },
    {
      name: 'email',
      rules: [{ type: 'email' }],
      input: <Input maxLength={userLimits.email} autoComplete="off" />,
    },
    { name: 'firstName', input: <Input maxLength={userLimits.firstName} /> },
    { name: 'lastName', input: <Input maxLength={userLimits.lastName} /> },
    { name: 'birthdate', input: <DatePicker style={{ width: '100%' }} /> },
    { name: 'phone', input: <Input maxLength={userLimits.phone} autoComplete="off" /> },
    { name: 'avatar', input: <MediaUpload kind="images" /> },
    { name: 'banner', input: <MediaUpload kind="images" /> },
    ...(canPickPlans ? [{ name: 'planId', input: <RecordPicker resource="plans" allowClear /> }] : []),
    { name: 'startDate', input: <DatePicker style={{ width: '100%' }} /> },
    {
      name: 'endDate',
      dependencies: ['startDate'],
      rules: [
        ({ getFieldValue }) => ({
          validator: (_, end?: Dayjs | null) => {
            const start = getFieldValue('startDate') as Dayjs | null | undefined
            return !end || !start || !end.isBefore(start, 'day')
              ? Promise.resolve()
              : Promise.reject(new Error(t('users.endBeforeStart')))
          },
        }),
      ],
      input: <DatePicker style={{ width: '100%' }} />,
    },
  ]
  return <ResourceForm resource={users} fields={fields} toForm={toForm} toBody={toBody} maxWidth={640} />
}

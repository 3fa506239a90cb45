import { ipEntryIssue, ipWhitelistLimits } from '@vod/contract/resources/members'
import { Input } from 'antd'
import { useTranslation } from 'react-i18next'
import { ResourceForm } from '../../components/resource/ResourceForm.tsx'
import type { RecordValues } from '../../components/resource/resource-queries.ts'
import { ipwhitelists } from './index.ts'

/** An address or CIDR range, checked here by the contract's rule before the server checks it again. */
export default function IpWhitelistForm() {
  const { t } = useTranslation()
  const toBody = ({ note, ...rest }: RecordValues): RecordValues => ({ ...rest, note: note || null })
  return (
    <ResourceForm
      resource={ipwhitelists}
      toBody={toBody}
      fields={[
        {
          name: 'address',
          required: true,
          extra: t('ipwhitelists.addressHelp'),
          rules: [
            {
              validator: (_, value?: string) => {
                const issue = value?.trim() ? ipEntryIssue(value.trim().toLowerCase()) : null
                if (!issue) return Promise.resolve()
                return Promise.reject(
                  new Error(
                    issue.network
                      ? t('ipwhitelists.hostBits', { network: issue.network })
                      : t('ipwhitelists.addressRule'),
                  ),
                )
              },
            },
          ],
          input: <Input maxLength={60} placeholder="203.0.113.0/24" autoComplete="off" />,
        },
        {
          name: 'note',
          input: <Input.TextArea maxLength={ipWhitelistLimits.note} autoSize={{ minRows: 2, maxRows: 6 }} />,
        },
      ]}
    />
  )
}

import { DOMAIN_PATTERN, siteLimits } from '@vod/contract/resources/sites'
import { Input, Select } from 'antd'
import { useTranslation } from 'react-i18next'
import { ResourceForm } from '../../components/resource/ResourceForm.tsx'
import { sites } from './index.ts'
import { siteStatusOptions } from './status.ts'

export default function SiteForm() {
  const { t } = useTranslation()
  return (
    <ResourceForm
      resource={sites}
      initialValues={{ status: 'enabled' }}
      fields={[
        { name: 'name', required: true, input: <Input maxLength={siteLimits.name} /> },
        {
          name: 'domain',
          required: true,
          rules: [
            {
              validator: (_, value?: string) =>
                !value || DOMAIN_PATTERN.test(value.trim().toLowerCase())
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('sites.domainRule'))),
            },
          ],
          input: <Input maxLength={siteLimits.domain} placeholder="example.com" />,
        },
        { name: 'status', required: true, input: <Select options={siteStatusOptions(t)} /> },
      ]}
    />
  )
}

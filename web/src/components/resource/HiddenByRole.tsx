import { Typography } from 'antd'
import { useTranslation } from 'react-i18next'

/** The one line saying that what the caller's role may not read was left out here (not shown blank). */
export function HiddenByRole() {
  const { t } = useTranslation()
  return (
    <Typography.Paragraph
      type="secondary"
      data-testid="hidden-by-role"
      style={{ marginTop: 12, marginBottom: 0 }}
    >
      {t('resource.hiddenByRole')}
    </Typography.Paragraph>
  )
}

import { Button, Input, Space } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'

/**
 * Text search over a resource's main fields; applied on Enter or the button, cleared by the clear icon. The
 * placeholder says what it searches when the resource's strings do (`{labels}.keyword`): codes such as
 * order numbers match from their start, which the admin should know before typing the middle of one.
 */
export function KeywordSearch({
  testId,
  labels,
  value,
  onSearch,
}: {
  testId: string
  labels: string
  value?: string
  onSearch: (keyword?: string) => void
}) {
  const { t, i18n } = useTranslation()
  const [text, setText] = useState(value ?? '')
  const apply = (keyword: string) => onSearch(keyword.trim() || undefined)
  return (
    <Space.Compact>
      <Input
        allowClear
        aria-label={t('resource.keyword')}
        placeholder={t(i18n.exists(`${labels}.keyword`) ? `${labels}.keyword` : 'resource.keyword')}
        // Room for the longest hint, not wider than a phone allows beside the button.
        style={{ width: '20em', maxWidth: '60vw' }}
        data-testid={testId}
        value={text}
        onChange={(event) => {
          setText(event.target.value)
          if (!event.target.value && value) apply('')
        }}
        onPressEnter={() => apply(text)}
      />
      <Button type="primary" onClick={() => apply(text)}>
        {t('resource.search')}
      </Button>
    </Space.Compact>
  )
}

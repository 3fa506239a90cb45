import { FontSizeOutlined } from '@ant-design/icons'
import { Button, Dropdown, type MenuProps } from 'antd'
import { useTranslation } from 'react-i18next'
import { notify } from '../base/notify.ts'
import { type Size, useApp } from '../stores/app.ts'

const sizes: Size[] = ['large', 'middle', 'small']

/** The global component size (antd's componentSize), kept in a cookie like the template's. */
export function SizeSelect() {
  const { t } = useTranslation()
  const size = useApp((state) => state.size)
  const items: MenuProps['items'] = sizes.map((key) => ({
    key,
    label: <span data-testid={`size-${key}`}>{t(`shell.size.${key}`)}</span>,
  }))
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === size) return
    useApp.getState().setSize(key as Size)
    void notify('success', t('shell.size.switched'))
  }
  return (
    <Dropdown
      menu={{ items, onClick, selectable: true, selectedKeys: [size] }}
      trigger={['click']}
      placement="bottomRight"
    >
      <Button
        type="text"
        data-testid="size-select"
        aria-label={t('shell.size.label')}
        icon={<FontSizeOutlined />}
      />
    </Dropdown>
  )
}

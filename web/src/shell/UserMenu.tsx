import { CaretDownOutlined, UserOutlined } from '@ant-design/icons'
import { Avatar, Dropdown, type MenuProps } from 'antd'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { useSession } from '../stores/session.ts'
import { signOut } from '../stores/sign-out.ts'

export function UserMenu() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const profile = useSession((state) => state.profile)
  const items: MenuProps['items'] = [
    { key: 'profile', label: <span data-testid="profile-link">{t('shell.profile')}</span> },
    { key: 'dashboard', label: <span data-testid="dashboard-link">{t('shell.dashboard')}</span> },
    { type: 'divider' },
    { key: 'logout', label: <span data-testid="logout">{t('shell.logout')}</span> },
  ]
  const onClick: MenuProps['onClick'] = async ({ key }) => {
    if (key === 'profile') navigate('/profile/index')
    if (key === 'dashboard') navigate('/dashboard')
    if (key === 'logout') await signOut()
  }
  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
      {/* Named by what it shows (the admin's name) and then what it is, so speech input finds it by the name seen. */}
      <button type="button" className="shell-user" data-testid="user-menu">
        <Avatar size="small" src={profile?.avatar || undefined} icon={<UserOutlined />} alt="" />
        <span className="shell-user-name" data-testid="user-name">
          {profile?.name || profile?.username}
        </span>
        <span className="visually-hidden">{t('shell.account')}</span>
        <CaretDownOutlined />
      </button>
    </Dropdown>
  )
}

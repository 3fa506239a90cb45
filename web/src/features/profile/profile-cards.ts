import type { ComponentType } from 'react'
import { TwoFactorCard } from '../two-factor/TwoFactorCard.tsx'
import { AccountCard } from './AccountCard.tsx'
import { PasswordCard } from './PasswordCard.tsx'

/**
 * The profile page's cards, in order. A feature that belongs on the profile (two-factor, say) brings its
 * card as a file in this folder and one line here.
 */
export const profileCards: { key: string; Card: ComponentType }[] = [
  { key: 'account', Card: AccountCard },
  { key: 'password', Card: PasswordCard },
  { key: 'two-factor', Card: TwoFactorCard },
]

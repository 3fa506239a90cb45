import { hiddenFigures } from '@vod/contract/field-rules'
import { useMemo } from 'react'
import { useSession } from '../../stores/session.ts'

/**
 * The figures the caller's field rules leave it, read from the session's `field_rules` (not by trial): a
 * figure summed over a field it may not read whole (the fees, for who may not read an order's fees) is
 * absent from the server's answers, so no chart, table or statistic shows it.
 */
export function useShownFigures() {
  const rules = useSession((state) => state.profile?.field_rules)
  return useMemo(() => {
    const hidden = hiddenFigures(rules ?? {})
    return <F extends string>(figures: readonly F[]): F[] => figures.filter((figure) => !hidden.has(figure))
  }, [rules])
}

/** Whether two lists hold the same values, ignoring order and repeats. */
export const sameSet = <T extends string | number>(a: readonly T[], b: readonly T[]) =>
  JSON.stringify([...new Set(a)].sort()) === JSON.stringify([...new Set(b)].sort())

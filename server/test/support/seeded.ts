/** A small generator of the same numbers every run: a whole number below `below` at each call. */
export function seeded(seed: number) {
  let state = seed
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648
    return Math.floor(state / 65_536) % below
  }
}

/**
 * How a channel or campaign is named beside its figures: by its name; `none` for no record (direct); by its
 * id where the caller's field rules hide what names it (the answer leaves the name out).
 */
export const splitName = (name: string | null | undefined, id: number | null | undefined, none: string) =>
  name ?? (id === null || id === undefined ? none : `#${id}`)

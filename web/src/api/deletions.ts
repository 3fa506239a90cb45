import { http } from './http.ts'

/** `POST /deletions/{batch}/window`: the admin's deletes of one request stay undoable `seconds` from now. */
export const setUndoWindow = (batch: string, seconds: number): Promise<unknown> =>
  http.post(`/deletions/${batch}/window`, { body: { seconds } })

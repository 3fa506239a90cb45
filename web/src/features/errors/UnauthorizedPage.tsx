import { ErrorPage } from './ErrorPage.tsx'

export default function UnauthorizedPage() {
  return <ErrorPage status="401" kind="unauthorized" />
}

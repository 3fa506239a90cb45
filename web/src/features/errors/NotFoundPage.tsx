import { ErrorPage } from './ErrorPage.tsx'

export default function NotFoundPage() {
  return <ErrorPage status="404" kind="notFound" />
}

import { Button, Result } from 'antd'
import { Component, type ErrorInfo, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { recordError } from '../../stores/error-log.ts'

function ViewCrashed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  return (
    <div role="alert" data-testid="view-crashed">
      <Result
        status="error"
        title={t('shell.errorLog.crashed')}
        subTitle={t('shell.errorLog.crashedHint')}
        extra={[
          <Button key="retry" onClick={onRetry}>
            {t('shell.errorLog.retry')}
          </Button>,
          <Button key="home" type="primary" onClick={() => navigate('/dashboard')}>
            {t('common.backHome')}
          </Button>,
        ]}
      />
    </div>
  )
}

/**
 * Around each routed screen: a screen that throws while rendering is recorded in the error log, with its
 * component stack, and replaced by an error page inside the shell (the navbar and its badge stay). React
 * still reports the error to the console.
 */
export class ViewErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    recordError(error, info.componentStack ?? undefined)
  }

  override render() {
    return this.state.failed ? (
      <ViewCrashed onRetry={() => this.setState({ failed: false })} />
    ) : (
      this.props.children
    )
  }
}

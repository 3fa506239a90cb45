import { Button, type ButtonProps, Tooltip } from 'antd'

/**
 * An action that cannot apply to this record, offered disabled and saying why on hover and on keyboard
 * focus. Marked aria-disabled rather than disabled, so that it keeps the focus and the reason reaches
 * keyboard and screen reader users too.
 */
export function Unavailable({
  label,
  reason,
  button,
}: {
  label: string
  reason: string
  button?: ButtonProps
}) {
  return (
    <Tooltip title={reason} trigger={['hover', 'focus']}>
      <Button
        type="link"
        size="small"
        {...button}
        aria-disabled="true"
        aria-description={reason}
        data-unavailable="true"
        style={{ color: 'rgb(0 0 0 / 35%)', cursor: 'not-allowed' }}
        onClick={(event) => event.preventDefault()}
      >
        {label}
      </Button>
    </Tooltip>
  )
}

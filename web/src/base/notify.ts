/**
 * Short feedback messages (antd's message). Loaded on first use so the login screen carries no antd
 * (its budget is checked by bench/login-bundle.ts); inside the shell antd is already there.
 */
export async function notify(kind: 'success' | 'error' | 'warning', content: string): Promise<void> {
  const { default: message } = await import('antd/es/message')
  void message[kind](content)
}

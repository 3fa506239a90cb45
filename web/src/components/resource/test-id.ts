/** data-testid for props objects (a dialog's okButtonProps), where JSX's dashed-attribute allowance does not reach. */
export const testId = (id: string) => ({ 'data-testid': id }) as object

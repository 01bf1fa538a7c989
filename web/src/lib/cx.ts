/** Joins class names, skipping falsy ones: cx(styles.button, busy && styles.busy). */
export function cx(...classNames: Array<string | false | null | undefined>): string {
  return classNames.filter(Boolean).join(' ');
}

/**
 * A pill's close icon as a real button: Mantine hides it from assistive technology and
 * the tab order, but here it is how an item is removed (FM-FIELD-021). A module of its own:
 * the device list's filter pills use it without the form system's field props.
 */
export function pillRemoveProps(label: string) {
  return { "aria-label": label, "aria-hidden": false, tabIndex: 0 } as const;
}

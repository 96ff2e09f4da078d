/**
 * Where a key press belongs. The console's single-key shortcuts (g sequences, ?, a list's j/k and
 * action letters) stay out of the way: nothing happens while the member types in a field, while a
 * dialog, menu or popover has focus, or with Ctrl, Cmd or Alt held (those belong to the browser
 * and the command palette).
 */

const TEXT_FIELDS = 'input, textarea, select, [contenteditable]:not([contenteditable="false"]), [role="textbox"], [role="searchbox"], [role="combobox"]';
const NON_TEXT_INPUTS = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'image', 'range', 'color', 'file']);
const POPUPS = '[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]';
/** Controls that Enter, Space and the arrow keys work natively. */
const CONTROLS =
  'button, a[href], summary, input, [role="button"], [role="link"], [role="tab"], [role="checkbox"], [role="switch"], [role="radio"], [role="slider"], [role="menuitem"], [role="option"]';

/** Whether a key press would type into a field (checkboxes and buttons do not take text). */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  const field = target.closest(TEXT_FIELDS);
  if (!field) return false;
  return !(field instanceof HTMLInputElement && NON_TEXT_INPUTS.has(field.type));
}

/** A modal dialog is open: its keys are its own. */
export const modalOpen = (): boolean => document.querySelector('[role="dialog"][aria-modal="true"], [role="alertdialog"][aria-modal="true"]') !== null;

/** The key was pressed inside a dialog, menu or list box. */
export const inPopup = (target: EventTarget | null): boolean => target instanceof Element && target.closest(POPUPS) !== null;

/** A button, link or other control that acts on Enter, Space or the arrows itself. */
export const onControl = (target: EventTarget | null): boolean => target instanceof Element && target.closest(CONTROLS) !== null;

export const withCommandModifier = (event: KeyboardEvent): boolean => event.ctrlKey || event.metaKey || event.altKey;

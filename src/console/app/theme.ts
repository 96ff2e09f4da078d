import { Modal, Notification, createTheme, localStorageColorSchemeManager } from '@mantine/core';

/** Where the light/dark choice is kept (operations.md §1); index.html reads it before paint. */
export const COLOR_SCHEME_STORAGE_KEY = 'panel-console-color-scheme';

export const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_STORAGE_KEY });

export const theme = createTheme({
  primaryColor: 'indigo',
  // Links, buttons and light badges in the light theme read at 4.5:1 or better (WCAG AA): shade
  // 6 of most colours falls short on white.
  primaryShade: { light: 7, dark: 8 },
  autoContrast: true,
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  // A visible focus ring for keyboard users only.
  focusRing: 'auto',
  components: {
    // Mantine's close button of a notification has no name: screen readers would say only "button".
    Notification: Notification.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } } }),
    // Nor has a dialog's.
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } }),
  },
});

import {
  DEFAULT_THEME,
  Loader,
  Modal,
  Notification,
  createTheme,
  darken,
  defaultVariantColorsResolver,
  localStorageColorSchemeManager,
  luminance,
  parseThemeColor,
  type VariantColorsResolver,
} from '@mantine/core';

/** Where the light/dark choice is kept; index.html reads it before paint. */
export const COLOR_SCHEME_STORAGE_KEY = 'panel-console-color-scheme';

export const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_STORAGE_KEY });

const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};

/**
 * Light and subtle badges and buttons write shade 9 on shade 1 (2 when hovered) in the light
 * theme: under 4.5:1 for teal, green, lime, yellow and orange. Those get shade 9 darkened just
 * enough to read at 4.5:1 on shade 2; the dark theme keeps Mantine's colours (light-dark()).
 */
const READABLE_LIGHT_TEXT: Record<string, string> = Object.fromEntries(
  Object.entries(DEFAULT_THEME.colors).flatMap(([name, shades]) => {
    let amount = 0;
    while (contrast(darken(shades[9], amount), shades[2]) < 4.6 && amount < 0.9) amount += 0.05;
    return amount > 0 ? [[name, darken(shades[9], amount)]] : [];
  }),
);

/**
 * Filled buttons and badges write white on the theme's filled shade (7 light, 8 dark): under 4.5:1
 * for red, orange, green, teal and others. Where the text is white (autoContrast keeps it white
 * below Mantine's luminance threshold), the background is darkened just enough to read at 4.5:1.
 */
const LUMINANCE_THRESHOLD = 0.3;
const readableFilled = (shade: string): string | undefined => {
  if (luminance(shade) > LUMINANCE_THRESHOLD) return undefined; // dark text: already readable
  let amount = 0;
  while (contrast(darken(shade, amount), '#ffffff') < 4.6 && amount < 0.9) amount += 0.05;
  return amount > 0 ? darken(shade, amount) : undefined;
};
const READABLE_FILLED: Record<string, { light?: string; dark?: string }> = Object.fromEntries(
  Object.entries(DEFAULT_THEME.colors).map(([name, shades]) => [name, { light: readableFilled(shades[7]), dark: readableFilled(shades[8]) }]),
);

const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
  if (input.variant === 'filled') {
    const fix = parsed.isThemeColor && parsed.shade === undefined ? READABLE_FILLED[parsed.color] : undefined;
    if (!fix || (!fix.light && !fix.dark)) return colors;
    const light = fix.light ?? colors.background;
    const dark = fix.dark ?? colors.background;
    return {
      ...colors,
      background: `light-dark(${light}, ${dark})`,
      hover: `light-dark(${fix.light ? darken(fix.light, 0.1) : colors.hover}, ${fix.dark ? darken(fix.dark, 0.1) : colors.hover})`,
    };
  }
  if (input.variant !== 'light' && input.variant !== 'subtle') return colors;
  // A colour given with its shade ('teal.9') is left as Mantine resolves it.
  const readable = parsed.isThemeColor && parsed.shade === undefined ? READABLE_LIGHT_TEXT[parsed.color] : undefined;
  return readable ? { ...colors, color: `light-dark(${readable}, ${colors.color})` } : colors;
};

export const theme = createTheme({
  variantColorResolver,
  primaryColor: 'indigo',
  // Links, buttons and light badges in the light theme read at 4.5:1 or better (WCAG AA): shade
  // 6 of most colours falls short on white.
  primaryShade: { light: 7, dark: 8 },
  autoContrast: true,
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  // A visible focus ring for keyboard users only.
  focusRing: 'auto',
  // A member whose system asks for less motion gets menus, dialogs and notices without their
  // transitions.
  respectReducedMotion: true,
  components: {
    // Mantine's close button of a notification has no name: screen readers would say only "button".
    Notification: Notification.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } } }),
    // Nor has a dialog's.
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } }),
    // A spinner is an indeterminate progress bar: its label ("Loading affiliates") needs a role to be
    // allowed on the span Mantine draws, and a progress bar needs a name: "Loading" where the spinner
    // says nothing more specific (a dialog's code arriving, a picker's options).
    Loader: Loader.extend({ defaultProps: { role: 'progressbar', 'aria-label': 'Loading' } }),
  },
});

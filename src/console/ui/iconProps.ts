import type { SVGProps } from 'react';

/**
 * The console draws its few glyphs inline (no icon font or library to load): stroked, sized to the
 * text around them, and hidden from screen readers — the control beside them carries the name.
 */
export const iconProps = (props: SVGProps<SVGSVGElement>, size = 16): SVGProps<SVGSVGElement> => ({
  width: size,
  height: size,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  focusable: false,
  ...props,
});

import type { MantineSize } from '@mantine/core';
import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import classes from './InlineText.module.css';

/**
 * A value inside a line of text, styled as Mantine's Text (size, dimmed, bold) by a stylesheet:
 * a plain element, because list cells repeat these in every row and a Mantine component per value
 * was a good part of a list's first render. `figure` sets numbers and dates on one line with
 * digits of equal width.
 */
export interface InlineTextProps extends Omit<ComponentPropsWithoutRef<'span'>, 'children'> {
  children?: ReactNode;
  size?: MantineSize;
  dimmed?: boolean;
  bold?: boolean;
  figure?: boolean;
  /** Rendered as <time dateTime=…> when given. */
  dateTime?: string;
}

export function InlineText({ children, size = 'sm', dimmed, bold, figure, dateTime, className, style, ...rest }: InlineTextProps) {
  const names = [classes.text, dimmed && classes.dimmed, figure && classes.figure, className].filter(Boolean).join(' ');
  if (bold) style = { ...style, fontWeight: 700 };
  if (dateTime !== undefined) {
    return (
      <time {...rest} dateTime={dateTime} className={names} style={style} data-size={size}>
        {children}
      </time>
    );
  }
  return (
    <span {...rest} className={names} style={style} data-size={size}>
      {children}
    </span>
  );
}

/** An empty value: a dimmed dash (list cells take it from table/cells.tsx). */
export function Dash({ size }: { size?: MantineSize }) {
  return (
    <InlineText size={size} dimmed>
      —
    </InlineText>
  );
}

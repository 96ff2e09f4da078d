import { Tooltip, type MantineColor, type MantineSize } from '@mantine/core';
import { InlineText } from './InlineText';
import textClasses from './InlineText.module.css';
import type { ReactNode } from 'react';
import { humanize } from './format';

/**
 * A status shown as a coloured dot (default) or a hint icon with a tooltip, followed by its text:
 * the one way every table shows a status.
 */

/** Semantic tones; user statuses active/frozen/deactivated are success/warning/error. */
export type StatusTone = 'success' | 'warning' | 'error' | 'info' | 'progress' | 'neutral' | 'attention' | 'scheduled';

export const TONE_COLORS: Record<StatusTone, MantineColor> = {
  success: 'green',
  warning: 'yellow',
  error: 'red',
  info: 'blue',
  progress: 'blue',
  attention: 'orange',
  scheduled: 'cyan',
  neutral: 'gray',
};

/** Status value (normalised: lower case, words joined by '_') -> tone. */
export const STATUS_TONES: Record<string, StatusTone> = {
  active: 'success',
  frozen: 'warning',
  deactivated: 'error',
  in_progress: 'progress',
  in_processing: 'progress',
  processing: 'progress',
  creating: 'progress',
  new: 'info',
  in_moderating: 'attention',
  in_moderation: 'attention',
  moderating: 'attention',
  completed: 'success',
  partial: 'warning',
  stopped: 'warning',
  paused: 'warning',
  canceled: 'error',
  cancelled: 'error',
  cancel: 'error',
  paid: 'success',
  unpaid: 'attention',
  archived: 'neutral',
  scheduled: 'scheduled',
  pending: 'warning',
  approved: 'success',
  rejected: 'error',
  disabled: 'neutral',
  enabled: 'success',
  error: 'error',
  failed: 'error',
};

export const normalizeStatus = (value: string): string =>
  value
    .trim()
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[\s-]+/g, '_')
    .toLowerCase();

export function statusTone(value: string | null | undefined): StatusTone {
  if (!value) return 'neutral';
  return STATUS_TONES[normalizeStatus(value)] ?? 'neutral';
}

export const statusColor = (value: string | null | undefined): MantineColor => TONE_COLORS[statusTone(value)];

export interface StatusLabelProps {
  /** The status value ('in_processing', 'frozen'…); picks the colour. */
  value: string | null | undefined;
  /** Shown text; defaults to the humanised value. */
  text?: ReactNode;
  /** 'color' shows a coloured dot (default); 'hint' shows an info icon whose tooltip is `hint`. */
  type?: 'color' | 'hint';
  hint?: ReactNode;
  /** Overrides the colour picked from the value. */
  color?: MantineColor;
  bold?: boolean;
  disabled?: boolean;
  size?: Extract<MantineSize, 'sm' | 'md'>;
}

function HintIcon({ color }: { color: MantineColor }) {
  return (
    <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="10" fill="none" stroke={`var(--mantine-color-${color}-filled)`} strokeWidth="2" />
      <path d="M12 11v6M12 7.5v.5" stroke={`var(--mantine-color-${color}-filled)`} strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

export function StatusLabel({ value, text, type = 'color', hint, color, bold, disabled, size = 'md' }: StatusLabelProps) {
  const tone = statusTone(value);
  const resolved = disabled ? 'gray' : (color ?? TONE_COLORS[tone]);
  const label = text ?? (value ? humanize(value) : '—');
  const marker =
    type === 'hint' ? (
      <Tooltip label={hint ?? label} openDelay={100} withArrow disabled={!hint && !label}>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex lint/a11y/useAriaPropsSupportedByRole: focusable so the hint's tooltip opens from the keyboard, named by the hint */}
        <span tabIndex={0} aria-label={typeof hint === 'string' ? hint : undefined} style={{ display: 'inline-flex', cursor: 'help' }}>
          <HintIcon color={resolved} />
        </span>
      </Tooltip>
    ) : (
      <span aria-hidden="true" className={textClasses.dot} data-size={size} style={{ backgroundColor: `var(--mantine-color-${resolved}-filled)` }} />
    );
  return (
    // Plain elements (a list repeats the status in every row); InlineText.module.css styles them.
    <span className={textClasses.status} data-status={value ? normalizeStatus(value) : undefined} data-tone={tone} data-disabled={disabled || undefined}>
      {marker}
      <InlineText size={size === 'sm' ? 'xs' : 'sm'} bold={bold} dimmed={disabled}>
        {label}
      </InlineText>
    </span>
  );
}

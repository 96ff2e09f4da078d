import { DateInput, type DateInputProps } from '@mantine/dates';
import { useUncontrolled } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { API_DATE_FORMAT, utcOffsetLabel, utcToZoned, zonedToUtc } from './dates';

type BaseProps = Omit<DateInputProps, 'value' | 'defaultValue' | 'onChange' | 'valueFormat' | 'withTime' | 'dateParser'>;

/** The clear button's name ("Clear From"): Mantine's has none, so a screen reader would say only "button". */
const clearButtonProps = (label: ReactNode, aria?: string) => ({
  'aria-label': `Clear ${typeof label === 'string' && label ? label : (aria ?? 'the date')}`,
});

export interface DateTimeFieldProps extends BaseProps {
  /** The moment the form holds: UTC 'YYYY-MM-DD HH:mm:ss', or null when empty. */
  value?: string | null;
  defaultValue?: string | null;
  /** Called with UTC 'YYYY-MM-DD HH:mm:ss', or null when cleared. */
  onChange?: (value: string | null) => void;
  /** The zone the member types in: 'UTC', an IANA zone, or unset for the browser's own zone. */
  timeZone?: string;
}

const DISPLAY_DATE_TIME = 'YYYY-MM-DD HH:mm';

/** "Your time (UTC+02:00), saved as UTC 2025-03-01 08:20" — which clock the field reads, in words. */
function zoneDescription(utcValue: string | null, timeZone?: string): string {
  if (timeZone === 'UTC' || timeZone === 'Etc/UTC') return 'Time in UTC';
  const zone = timeZone ? `Time in ${timeZone} (${utcOffsetLabel(timeZone)})` : `Your time (${utcOffsetLabel()})`;
  return utcValue ? `${zone}, saved as UTC ${utcValue.slice(0, 16)}` : `${zone}, saved as UTC`;
}

/**
 * A date and time typed 'YYYY-MM-DD HH:mm' (or picked in the calendar) in the member's zone, held
 * and sent as UTC 'YYYY-MM-DD HH:mm:ss'. The description always says which clock
 * the field shows and the UTC moment it will send, so nobody guesses across time zones.
 */
export function DateTimeField({ value, defaultValue, onChange, timeZone, description, placeholder, ...others }: DateTimeFieldProps) {
  const [utc, setUtc] = useUncontrolled<string | null>({
    value: value === '' ? null : value,
    defaultValue: defaultValue || null,
    finalValue: null,
    onChange,
  });
  const wall = utcToZoned(utc, timeZone);
  const zone = zoneDescription(utc, timeZone);
  const fullDescription: ReactNode = description ? (
    <>
      {description} · {zone}
    </>
  ) : (
    zone
  );

  return (
    <DateInput
      clearable
      clearButtonProps={clearButtonProps(others.label, others['aria-label'])}
      {...others}
      withTime
      valueFormat={DISPLAY_DATE_TIME}
      placeholder={placeholder ?? DISPLAY_DATE_TIME}
      description={fullDescription}
      value={wall}
      onChange={(next) => setUtc(next ? zonedToUtc(next, timeZone) : null)}
    />
  );
}

export interface DateFieldProps extends BaseProps {
  /** A calendar day 'YYYY-MM-DD', or null when empty. */
  value?: string | null;
  defaultValue?: string | null;
  onChange?: (value: string | null) => void;
}

/** A calendar day typed or picked, held and sent as 'YYYY-MM-DD' (no time, no time zone). */
export function DateField({ value, defaultValue, onChange, placeholder, ...others }: DateFieldProps) {
  const [day, setDay] = useUncontrolled<string | null>({
    value: value === '' ? null : value,
    defaultValue: defaultValue || null,
    finalValue: null,
    onChange,
  });
  return (
    <DateInput
      clearable
      clearButtonProps={clearButtonProps(others.label, others['aria-label'])}
      {...others}
      valueFormat={API_DATE_FORMAT}
      placeholder={placeholder ?? API_DATE_FORMAT}
      value={day}
      onChange={(next) => setDay(next ? next.slice(0, 10) : null)}
    />
  );
}

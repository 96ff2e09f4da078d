import type { MantineSize } from '@mantine/core';
import { Dash, InlineText } from './InlineText';
import { formatDateTime, parseDate, type DateInput } from './format';

/** A date ('YYYY-MM-DD HH:mm', or 'YYYY-MM-DD' with `dateOnly`) in a <time> element. */
export interface DateTimeProps {
  value: DateInput;
  dateOnly?: boolean;
  utc?: boolean;
  format?: string;
  size?: MantineSize;
}

export function DateTime({ value, dateOnly, utc, format, size = 'sm' }: DateTimeProps) {
  const parsed = parseDate(value);
  if (!parsed) {
    return <Dash size={size} />;
  }
  return (
    <InlineText size={size} dateTime={parsed.toISOString()} figure>
      {formatDateTime(value, { dateOnly, utc, format })}
    </InlineText>
  );
}

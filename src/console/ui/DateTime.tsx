import { Text, type MantineSize } from '@mantine/core';
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
    return (
      <Text component="span" size={size} c="dimmed">
        —
      </Text>
    );
  }
  return (
    <Text component="time" size={size} dateTime={parsed.toISOString()} style={{ whiteSpace: 'nowrap' }}>
      {formatDateTime(value, { dateOnly, utc, format })}
    </Text>
  );
}

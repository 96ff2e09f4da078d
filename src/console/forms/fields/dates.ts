import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * The API takes and gives moments as UTC 'YYYY-MM-DD HH:mm:ss'; members pick
 * them in their own time zone unless a field says otherwise. The pickers hold wall times in that
 * same format, so these helpers convert between the two.
 *
 * `timeZone`: 'UTC', an IANA zone ('Europe/Berlin'), or undefined for the browser's zone.
 */
export const API_DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const API_DATE_FORMAT = 'YYYY-MM-DD';

const API_DATE_TIME = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$/;

const isUtc = (timeZone?: string) => timeZone === 'UTC' || timeZone === 'Etc/UTC';

/** A UTC moment from the API -> the wall time in `timeZone`. Empty or invalid -> null. */
export function utcToZoned(value: string | null | undefined, timeZone?: string): string | null {
  if (!value || !API_DATE_TIME.test(value.trim())) return null;
  const moment = dayjs.utc(value.trim().replace(' ', 'T'));
  if (!moment.isValid()) return null;
  if (isUtc(timeZone)) return moment.format(API_DATE_TIME_FORMAT);
  return (timeZone ? moment.tz(timeZone) : moment.local()).format(API_DATE_TIME_FORMAT);
}

/** A wall time picked in `timeZone` -> the UTC moment the API takes. Empty or invalid -> null. */
export function zonedToUtc(wall: string | null | undefined, timeZone?: string): string | null {
  if (!wall || !API_DATE_TIME.test(wall.trim())) return null;
  const text = wall.trim().replace(' ', 'T');
  const moment = isUtc(timeZone) ? dayjs.utc(text) : timeZone ? dayjs.tz(text, timeZone) : dayjs(text);
  return moment.isValid() ? moment.utc().format(API_DATE_TIME_FORMAT) : null;
}

/** 'UTC+02:00' at the given moment (offsets move with daylight saving time). */
export function utcOffsetLabel(timeZone?: string, at: Date = new Date()): string {
  if (isUtc(timeZone)) return 'UTC';
  const moment = timeZone ? dayjs(at).tz(timeZone) : dayjs(at);
  return `UTC${moment.format('Z')}`;
}

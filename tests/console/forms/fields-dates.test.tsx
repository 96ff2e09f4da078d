import { MantineProvider } from '@mantine/core';
import { useForm } from '@mantine/form';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isoDate, utcDateTime } from '../../../src/contract/fields';
import { DateField, DateTimeField, utcOffsetLabel, utcToZoned, zonedToUtc } from '../../../src/console/forms/fields';

afterEach(cleanup);

const wrap = (ui: ReactNode) => render(<MantineProvider env="test">{ui}</MantineProvider>);

function FormWith({ initial, children }: { initial: string | null; children: (props: any) => ReactNode }) {
  const form = useForm<{ v: string | null }>({ mode: 'controlled', initialValues: { v: initial } });
  return (
    <>
      {children(form.getInputProps('v'))}
      <output data-testid="held">{JSON.stringify(form.getValues().v)}</output>
    </>
  );
}
const held = () => JSON.parse(screen.getByTestId('held').textContent ?? 'null');

describe('UTC conversion across time zones', () => {
  it('shows a UTC moment in a named zone and sends the picked wall time back as UTC', () => {
    expect(utcToZoned('2025-03-01 08:20:30', 'Asia/Tokyo')).toBe('2025-03-01 17:20:30');
    expect(zonedToUtc('2025-03-01 17:20:30', 'Asia/Tokyo')).toBe('2025-03-01 08:20:30');
    // Across midnight and with daylight saving time: New York is UTC-5 in January, UTC-4 in July.
    expect(utcToZoned('2025-01-15 03:00:00', 'America/New_York')).toBe('2025-01-14 22:00:00');
    expect(zonedToUtc('2025-01-14 22:00:00', 'America/New_York')).toBe('2025-01-15 03:00:00');
    expect(zonedToUtc('2025-07-01 08:00:00', 'America/New_York')).toBe('2025-07-01 12:00:00');
    expect(utcOffsetLabel('America/New_York', new Date('2025-07-01T12:00:00Z'))).toBe('UTC-04:00');
    expect(utcOffsetLabel('America/New_York', new Date('2025-01-01T12:00:00Z'))).toBe('UTC-05:00');
  });

  it('passes UTC through unchanged and reads empty or broken values as null', () => {
    expect(utcToZoned('2025-03-01 08:20:30', 'UTC')).toBe('2025-03-01 08:20:30');
    expect(zonedToUtc('2025-03-01 08:20:30', 'UTC')).toBe('2025-03-01 08:20:30');
    expect(utcToZoned(null)).toBeNull();
    expect(utcToZoned('')).toBeNull();
    expect(utcToZoned('yesterday')).toBeNull();
    expect(zonedToUtc('2025-03-01')).toBeNull();
  });

  describe("in the browser's own zone", () => {
    const before = process.env.TZ;
    beforeAll(() => {
      process.env.TZ = 'Asia/Kolkata'; // UTC+05:30 all year
    });
    afterAll(() => {
      if (before === undefined) delete process.env.TZ;
      else process.env.TZ = before;
    });

    it('converts with the local offset', () => {
      expect(utcOffsetLabel()).toBe('UTC+05:30');
      expect(utcToZoned('2025-03-01 20:00:00')).toBe('2025-03-02 01:30:00');
      expect(zonedToUtc('2025-03-02 01:30:00')).toBe('2025-03-01 20:00:00');
    });

    it('DateTimeField says which clock it shows and sends UTC', async () => {
      const user = userEvent.setup();
      wrap(<FormWith initial="2025-03-01 20:00:00">{(props) => <DateTimeField label="Valid from" {...props} />}</FormWith>);
      const input = screen.getByLabelText('Valid from') as HTMLInputElement;
      expect(input.value).toBe('2025-03-02 01:30');
      expect(screen.getByText('Your time (UTC+05:30), saved as UTC 2025-03-01 20:00')).toBeInTheDocument();
      expect(input).toHaveAccessibleDescription(expect.stringContaining('UTC'));

      await user.clear(input);
      await user.type(input, '2025-06-10 09:30');
      await user.tab();
      expect(held()).toBe('2025-06-10 04:00:00');
      expect(input.value).toBe('2025-06-10 09:30');
    });
  });

  it('DateTimeField in a named zone shows its wall time and converts what is typed', async () => {
    const user = userEvent.setup();
    wrap(<FormWith initial="2025-03-01 08:20:00">{(props) => <DateTimeField label="Starts" timeZone="Asia/Tokyo" {...props} />}</FormWith>);
    const input = screen.getByLabelText('Starts') as HTMLInputElement;
    expect(input.value).toBe('2025-03-01 17:20');
    expect(screen.getByText('Time in Asia/Tokyo (UTC+09:00), saved as UTC 2025-03-01 08:20')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '2025-03-02 08:00');
    await user.tab();
    expect(held()).toBe('2025-03-01 23:00:00');
  });

  it('DateTimeField in UTC says so, and clearing it gives null', async () => {
    const user = userEvent.setup();
    wrap(<FormWith initial="2025-03-01 08:20:00">{(props) => <DateTimeField label="Ends" timeZone="UTC" {...props} />}</FormWith>);
    const input = screen.getByLabelText('Ends') as HTMLInputElement;
    expect(input.value).toBe('2025-03-01 08:20');
    expect(input).toHaveAccessibleDescription('Time in UTC');
    await user.clear(input);
    expect(held()).toBeNull();
  });
});

describe('DateField', () => {
  it("holds and sends 'YYYY-MM-DD'", async () => {
    const user = userEvent.setup();
    wrap(<FormWith initial={null}>{(props) => <DateField label="Start date" {...props} />}</FormWith>);
    const input = screen.getByLabelText('Start date') as HTMLInputElement;
    await user.type(input, '2025-02-28');
    await user.tab();
    expect(held()).toBe('2025-02-28');
    expect(input.value).toBe('2025-02-28');
  });

  it('shows the error under it', () => {
    wrap(<DateField label="End date" value="2025-01-01" onChange={() => {}} error="The end date must be after the start date." />);
    expect(screen.getByLabelText('End date')).toHaveAccessibleDescription('The end date must be after the start date.');
  });
});

describe('date contract helpers', () => {
  const message = (schema: typeof utcDateTime | typeof isoDate, v: unknown) => schema.safeParse(v).error?.issues[0]?.message;

  it("utcDateTime takes UTC 'YYYY-MM-DD HH:mm:ss' only, of a moment that exists", () => {
    expect(utcDateTime.parse('2025-03-01 08:20:30')).toBe('2025-03-01 08:20:30');
    expect(message(utcDateTime, '2025-03-01T08:20:30Z')).toBe('The date must be a UTC date and time written YYYY-MM-DD HH:mm:ss.');
    expect(message(utcDateTime, '2025-03-01 08:20')).toBe('The date must be a UTC date and time written YYYY-MM-DD HH:mm:ss.');
    expect(message(utcDateTime, '2025-02-29 10:00:00')).toBe('The date does not exist.');
    expect(message(utcDateTime, '2025-03-01 24:00:00')).toBe('The date does not exist.');
  });

  it("isoDate takes 'YYYY-MM-DD' of a day that exists", () => {
    expect(isoDate.parse('2024-02-29')).toBe('2024-02-29');
    expect(message(isoDate, '2025-02-29')).toBe('The date does not exist.');
    expect(message(isoDate, '01.03.2025')).toBe('The date must be written YYYY-MM-DD.');
    expect(message(isoDate, '2025-03-01 00:00:00')).toBe('The date must be written YYYY-MM-DD.');
  });
});

import { MantineProvider } from '@mantine/core';
import { useForm } from '@mantine/form';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { fraction, moneyInput, moneyInputWith, wholeNumberInput } from '../../../src/contract/fields';
import {
  MoneyInput,
  PercentInput,
  displayMoney,
  fractionToPercent,
  normalizeMoney,
  percentToFraction,
  sanitizeMoneyText,
} from '../../../src/console/forms/fields';

afterEach(cleanup);

const wrap = (ui: ReactNode) => render(<MantineProvider env="test">{ui}</MantineProvider>);

/** A real @mantine/form holding one field, showing its value so tests read what the form holds. */
function FormWith({
  initial,
  reloadTo,
  children,
}: {
  initial: string;
  reloadTo?: string;
  children: (props: ReturnType<ReturnType<typeof useForm<{ v: string }>>['getInputProps']>) => ReactNode;
}) {
  const form = useForm<{ v: string }>({ mode: 'controlled', initialValues: { v: initial } });
  return (
    <>
      {children(form.getInputProps('v'))}
      {reloadTo !== undefined && (
        <button type="button" onClick={() => form.setFieldValue('v', reloadTo)}>
          Reload
        </button>
      )}
      <output data-testid="held">{JSON.stringify(form.getValues().v)}</output>
    </>
  );
}
const held = () => JSON.parse(screen.getByTestId('held').textContent ?? 'null');

describe('percent conversion', () => {
  it('shows fractions ×100 and sends percents ÷100 as text, with the given decimals', () => {
    expect(fractionToPercent('0.125')).toBe('12.5');
    expect(fractionToPercent('0.1250')).toBe('12.5');
    expect(fractionToPercent('1.0000')).toBe('100');
    expect(fractionToPercent('0.05')).toBe('5');
    expect(fractionToPercent('0.0001')).toBe('0.01');
    expect(fractionToPercent(0.3)).toBe('30');
    expect(fractionToPercent('')).toBe('');
    expect(fractionToPercent('abc')).toBe('');

    expect(percentToFraction('12.5', 3)).toBe('0.125');
    expect(percentToFraction('12.5', 4)).toBe('0.1250');
    expect(percentToFraction('12', 2)).toBe('0.12');
    expect(percentToFraction('12.5', 2)).toBe('0.13'); // rounded half up, as text
    expect(percentToFraction('100', 3)).toBe('1.000');
    expect(percentToFraction('7', 4)).toBe('0.0700');
    expect(percentToFraction('0.01', 4)).toBe('0.0001');
    expect(percentToFraction('12.', 3)).toBe('0.120');
    expect(percentToFraction('', 3)).toBe('');
  });

  it('round-trips every value a field of each precision can hold', () => {
    for (const decimals of [2, 3, 4] as const) {
      const step = 10 ** -(decimals - 2);
      for (let i = 0; i <= 100 / step; i += Math.max(1, Math.floor(7 / step))) {
        const percent = (i * step).toFixed(decimals - 2);
        const fractionText = percentToFraction(percent, decimals);
        expect(fractionText.split('.')[1]).toHaveLength(decimals);
        expect(Number(fractionToPercent(fractionText))).toBe(Number(percent));
      }
    }
  });
});

describe('PercentInput', () => {
  it('shows the form fraction ×100 and gives the form a fraction string with 3 decimals', async () => {
    const user = userEvent.setup();
    wrap(<FormWith initial="0.125">{(props) => <PercentInput label="Discount" decimals={3} {...props} />}</FormWith>);
    const input = screen.getByLabelText('Discount') as HTMLInputElement;
    expect(input.value).toBe('12.5 %');

    await user.clear(input);
    expect(held()).toBe('');
    await user.type(input, '33.3');
    expect(held()).toBe('0.333');
    expect(input.value).toBe('33.3 %');
  });

  it('gives whole percents for a 2-decimal fraction and refuses more than 100 %', async () => {
    const user = userEvent.setup();
    wrap(<FormWith initial="">{(props) => <PercentInput label="Bonus" decimals={2} {...props} />}</FormWith>);
    const input = screen.getByLabelText('Bonus') as HTMLInputElement;
    await user.type(input, '15.5');
    expect(input.value).toBe('15 %');
    expect(held()).toBe('0.15');
    await user.clear(input);
    await user.type(input, '250');
    expect(input.value).toBe('25 %');
    expect(held()).toBe('0.25');
  });

  it('keeps a typed trailing point, refuses a third decimal of a 4-decimal fraction, and follows outside changes', async () => {
    const user = userEvent.setup();
    wrap(
      <FormWith initial="" reloadTo="0.5">
        {(props) => <PercentInput label="Fee" decimals={4} {...props} />}
      </FormWith>,
    );
    const input = screen.getByLabelText('Fee') as HTMLInputElement;
    await user.type(input, '2.');
    expect(input.value).toBe('2. %');
    expect(held()).toBe('0.0200');
    await user.type(input, '759');
    expect(input.value).toBe('2.75 %');
    expect(held()).toBe('0.0275');

    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(held()).toBe('0.5');
    expect(input.value).toBe('50 %');
  });
});

describe('fraction (contract)', () => {
  it('answers a string padded to the decimals, from a number or a decimal string', () => {
    expect(fraction(3).parse('0.125')).toBe('0.125');
    expect(fraction(3).parse('0.5')).toBe('0.500');
    expect(fraction(2).parse(0.15)).toBe('0.15');
    expect(fraction(4).parse(1)).toBe('1.0000');
    expect(fraction(4).parse(' 00.25 ')).toBe('0.2500');
  });

  it('refuses values outside 0..1, more decimals than allowed, and text that is not a number', () => {
    const message = (schema: ReturnType<typeof fraction>, v: unknown) => schema.safeParse(v).error?.issues[0]?.message;
    expect(message(fraction(3), '1.5')).toBe('The percentage must be between 0 and 100.');
    expect(message(fraction(3), '1.001')).toBe('The percentage must be between 0 and 100.');
    expect(message(fraction(3), '0.1234')).toBe('The percentage may have at most 1 decimal.');
    expect(message(fraction(2), 0.125)).toBe('The percentage must be a whole number.');
    expect(message(fraction(4), '-0.1')).toBe('The percentage must be a number.');
    expect(message(fraction(4), '')).toBe('The percentage must be a number.');
    expect(message(fraction(4), 1e-7)).toBe('The percentage must be a number.');
    expect(fraction(3).safeParse('1').success).toBe(true);
    // One wrong value, one message.
    expect(fraction(3).safeParse('-12.12345').error?.issues).toHaveLength(1);
    expect(fraction(3).safeParse('5.12345').error?.issues).toHaveLength(1);
  });
});

describe('money', () => {
  it('cleans typed and pasted amounts as text', () => {
    expect(sanitizeMoneyText('1 234,5')).toBe('1234.5');
    expect(sanitizeMoneyText('1,234.56')).toBe('1234.56');
    expect(sanitizeMoneyText('$12.345678')).toBe('12.3456');
    expect(sanitizeMoneyText('12.5', 0)).toBe('12');
    expect(sanitizeMoneyText('1.2.3')).toBe('1.23');
    expect(normalizeMoney('.5')).toBe('0.5');
    expect(normalizeMoney('12.')).toBe('12');
    expect(normalizeMoney('007.10')).toBe('7.10');
    expect(normalizeMoney('')).toBe('');
  });

  it('formats without a float: digits beyond double precision survive', () => {
    expect(displayMoney('9999999999.9999')).toBe('9 999 999 999.9999');
    expect(displayMoney('1234567890123456789.0001')).toBe('1 234 567 890 123 456 789.0001');
    expect(displayMoney('0.1000')).toBe('0.1000');
    expect(displayMoney('')).toBe('');
    // Money in a currency reads with cents, never cut: '$60.00', '$8.608'.
    expect(displayMoney('60', 2)).toBe('60.00');
    expect(displayMoney('8.608', 2)).toBe('8.608');
    expect(displayMoney('1234.5', 2)).toBe('1 234.50');
  });

  it('MoneyInput shows the grouped amount when left and the raw text while typing', async () => {
    const user = userEvent.setup();
    wrap(<FormWith initial="1234.5">{(props) => <MoneyInput label="Price" currency="$" {...props} />}</FormWith>);
    const input = screen.getByLabelText('Price') as HTMLInputElement;
    expect(input.value).toBe('1 234.50');
    expect(screen.getByText('$')).toBeInTheDocument();

    await user.click(input);
    expect(input.value).toBe('1234.5');
    await user.clear(input);
    await user.type(input, '98765.123456');
    expect(input.value).toBe('98765.1234');
    expect(held()).toBe('98765.1234');
    await user.tab();
    expect(input.value).toBe('98 765.1234');

    await user.click(input);
    await user.clear(input);
    await user.type(input, '.5');
    await user.tab();
    expect(held()).toBe('0.5');
    expect(input.value).toBe('0.50');
  });

  it('MoneyInput edits an amount loaded as a number as text', async () => {
    const user = userEvent.setup();
    const changes: string[] = [];
    wrap(<MoneyInput label="Cost" value={12.5 as unknown as string} onChange={(v) => changes.push(v)} />);
    const input = screen.getByLabelText('Cost') as HTMLInputElement;
    expect(input.value).toBe('12.5');
    await user.click(input);
    await user.tab();
    expect(changes).toEqual([]);
    await user.click(input);
    await user.type(input, '1');
    expect(changes).toEqual(['12.51']);
  });

  it('MoneyInput with no decimals takes digits only: other keys are refused, a pasted fraction is cut', async () => {
    const user = userEvent.setup();
    wrap(<FormWith initial="">{(props) => <MoneyInput label="Amount" decimals={0} {...props} />}</FormWith>);
    const input = screen.getByLabelText('Amount') as HTMLInputElement;
    await user.type(input, '12a.5');
    expect(held()).toBe('125');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    fireEvent.change(input, { target: { value: '300,75' } });
    expect(held()).toBe('300');
  });

  it('moneyInput (contract) takes a JSON number or a decimal string, non-negative, with at most 4 decimals, read as its text', () => {
    expect(moneyInput.parse('12.5')).toBe('12.5');
    expect(moneyInput.parse(' 007.1234 ')).toBe('7.1234');
    expect(moneyInput.parse(107.25)).toBe('107.25');
    expect(moneyInput.parse(0.1)).toBe('0.1');
    expect(moneyInput.parse(1234567890.1234)).toBe('1234567890.1234');
    const message = (v: unknown) => moneyInput.safeParse(v).error?.issues[0]?.message;
    expect(message('12.12345')).toBe('The amount may have at most 4 decimals.');
    expect(message('-1')).toBe('The amount may not be negative.');
    expect(message(-1)).toBe('The amount may not be negative.');
    // a float's tail and exponent forms are refused as written, never rounded
    expect(message(0.1 + 0.2)).toBe('The amount may have at most 4 decimals.');
    expect(message(1e21)).toBe('The amount must be a number.');
    expect(message(true)).toBe('The amount must be a number.');
    expect(message({})).toBe('The amount must be a number.');
    expect(message(undefined)).toBe('The amount field is required.');
    expect(message('')).toBe('The amount field is required.');
    expect(message('12345678901')).toBe('The amount is too large.');
    expect(moneyInputWith(0).safeParse('12.5').error?.issues[0]?.message).toBe('The amount must be a whole number.');
    expect(moneyInputWith(0).parse('120')).toBe('120');
    expect(moneyInputWith(0).parse(120)).toBe('120');
    expect(moneyInputWith(0).safeParse(12.5).error?.issues).toHaveLength(1);
    expect(moneyInputWith(2, 'price').safeParse('1.234').error?.issues[0]?.message).toBe('The price may have at most 2 decimals.');
    expect(moneyInput.safeParse('-1.123456').error?.issues).toHaveLength(1);
  });

  it('wholeNumberInput (contract) takes a JSON number or a string of digits, answered as a number', () => {
    const quantity = wholeNumberInput('quantity', { min: 1, max: 1000 });
    expect(quantity.parse(5)).toBe(5);
    expect(quantity.parse('5')).toBe(5);
    expect(quantity.parse(' 12 ')).toBe(12);
    const message = (v: unknown) => quantity.safeParse(v).error?.issues[0]?.message;
    expect(message(2.5)).toBe('The quantity must be a whole number.');
    expect(message('2.5')).toBe('The quantity must be a whole number.');
    expect(message('ten')).toBe('The quantity must be a whole number.');
    expect(message(true)).toBe('The quantity must be a whole number.');
    expect(message(null)).toBe('The quantity field is required.');
    expect(message('0')).toBe('The quantity must be at least 1.');
    expect(message(1001)).toBe('The quantity is too large.');
    expect(message('99999999999999999999999')).toBe('The quantity is too large.');
    expect(quantity.safeParse('x').error?.issues).toHaveLength(1);
  });
});

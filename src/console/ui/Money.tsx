import type { MantineSize } from '@mantine/core';
import { Dash, InlineText } from './InlineText';
import { formatMoney, isEmptyValue, type MoneyFormatOptions, type Numeric } from './format';

/** An amount of money, written as every amount is (formatMoney): '$1 234.50', '€12.40', '0.50 USDT'. */
export interface MoneyProps extends MoneyFormatOptions {
  value: Numeric;
  /** Colour negative amounts red and positive green. */
  signed?: boolean;
  size?: MantineSize;
}

export function Money({ value, currency, maxDecimals, signed, size = 'sm' }: MoneyProps) {
  if (isEmptyValue(value)) {
    return <Dash size={size} />;
  }
  const text = formatMoney(value, { currency, maxDecimals });
  const negative = text.startsWith('-');
  const isZero = !/[1-9]/.test(text);
  // Readable tints (4.5:1 or better) in either theme.
  const color = signed && !isZero ? (negative ? 'var(--panel-money-negative)' : 'var(--panel-money-positive)') : undefined;
  return (
    <InlineText size={size} figure style={color ? { color } : undefined}>
      {text}
    </InlineText>
  );
}

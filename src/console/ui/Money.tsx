import type { MantineSize } from '@mantine/core';
import { Dash, InlineText } from './InlineText';
import { formatMoney, isEmptyValue, type Numeric } from './format';

/** An amount of money: '$1 234.50'. Negative amounts can be tinted with `signed`. */
export interface MoneyProps {
  value: Numeric;
  currency?: string;
  decimals?: number;
  trimFractions?: boolean;
  /** Colour negative amounts red and positive green. */
  signed?: boolean;
  size?: MantineSize;
}

export function Money({ value, currency = '$', decimals = 2, trimFractions, signed, size = 'sm' }: MoneyProps) {
  if (isEmptyValue(value)) {
    return <Dash size={size} />;
  }
  const text = formatMoney(value, { currency, decimals, trimFractions });
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

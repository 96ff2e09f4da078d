import type { MantineSize } from '@mantine/core';
import { Dash, InlineText } from './InlineText';
import { hintProps } from './HintLayer';
import { formatMoney, isEmptyValue, type MoneyFormatOptions, type Numeric } from './format';

/**
 * An amount in a table cell or a record field, written as every amount is (formatMoney), with the
 * exact value the server sent in a tooltip (the shared hint layer, HintLayer.tsx) when the cell
 * rounds it ('$0.01' for '0.0125').
 */
export interface CostLabelProps extends MoneyFormatOptions {
  value: Numeric;
  /** Render nothing for an empty value (otherwise a dash). */
  hideEmpty?: boolean;
  size?: MantineSize;
}

/** Every decimal the server sent, with the currency's sign: '$1 234.56789'. */
export const costTooltip = (value: Numeric, currency?: string | null): string => formatMoney(value, { currency, maxDecimals: 12 });

export function CostLabel({ value, currency, maxDecimals, hideEmpty, size = 'sm' }: CostLabelProps) {
  if (isEmptyValue(value)) {
    return hideEmpty ? null : <Dash size={size} />;
  }
  const shown = formatMoney(value, { currency, maxDecimals });
  return (
    <InlineText size={size} figure {...hintProps(costTooltip(value, currency))}>
      {shown}
    </InlineText>
  );
}

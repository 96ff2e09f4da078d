import type { MantineSize } from '@mantine/core';
import { Dash, InlineText } from './InlineText';
import { hintProps } from './HintLayer';
import { formatMoney, isEmptyValue, type Numeric } from './format';

/**
 * A cost with its full value in a tooltip (the shared hint layer, HintLayer.tsx): value string or number, currency
 * symbol (default $), fixed decimals, optional trimming of fractions, optional hiding when empty.
 * The tooltip shows the raw value prefixed with $ unless it already contains $.
 */
export interface CostLabelProps {
  value: Numeric;
  currency?: string;
  /** Fixed number of decimals shown (the tooltip keeps the full value). Default 2. */
  decimals?: number;
  trimFractions?: boolean;
  /** Render nothing for an empty value (otherwise a dash). */
  hideEmpty?: boolean;
  size?: MantineSize;
}

export const costTooltip = (value: Numeric): string => {
  const text = String(value ?? '').trim();
  return text.includes('$') ? text : `$${text}`;
};

export function CostLabel({ value, currency = '$', decimals = 2, trimFractions, hideEmpty, size = 'sm' }: CostLabelProps) {
  if (isEmptyValue(value)) {
    return hideEmpty ? null : <Dash size={size} />;
  }
  const shown = formatMoney(value, { currency, decimals, trimFractions });
  return (
    <InlineText size={size} figure {...hintProps(costTooltip(value))}>
      {shown}
    </InlineText>
  );
}

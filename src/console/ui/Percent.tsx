import { Text } from '@mantine/core';
import { Dash } from './InlineText';
import { formatPercent, fractionToPercent, isEmptyValue, type Numeric } from './format';

/** Either a fraction as the API sends most percentages ('0.125'), or a value already ×100 ('12.5'). */
export type PercentProps = { decimals?: number } & ({ fraction: Numeric } | { percent: Numeric });

/** A percentage in a cell or a record field, never broken across lines: '12.5 %'; none shows a dash. */
export function Percent(props: PercentProps) {
  const percent = 'fraction' in props ? fractionToPercent(props.fraction) : props.percent;
  if (isEmptyValue(percent)) return <Dash />;
  return (
    <Text component="span" size="sm" style={{ whiteSpace: 'nowrap' }}>
      {formatPercent(percent, { decimals: props.decimals })}
    </Text>
  );
}

import { NumberInput, type NumberInputProps } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { fractionToPercent, percentToFraction } from './percent';

export interface PercentInputProps
  extends Omit<NumberInputProps, 'value' | 'defaultValue' | 'onChange' | 'decimalScale' | 'allowDecimal' | 'suffix' | 'min' | 'max'> {
  /** The fraction the form holds ('0.125' for 12.5 %); '' when empty. */
  value?: string | number | null;
  defaultValue?: string | number | null;
  /** Called with the fraction as a string with `decimals` digits, or '' when emptied. */
  onChange?: (fraction: string) => void;
  /** Decimals of the fraction sent (coupon 2, grade and fees 3, others 4); the percent shows two fewer. */
  decimals?: 2 | 3 | 4;
  /** Highest percentage accepted; 100 by default. */
  max?: number;
}

/**
 * A percentage typed ×100 ("12.5 %") whose form value is the fraction the API takes ('0.125').
 * The typed text is kept while the member types ('12.' stays '12.'); the field re-reads the form
 * value only when it changes from outside (a reset, a loaded record).
 */
export function PercentInput({ value, defaultValue, onChange, decimals = 4, max = 100, ...others }: PercentInputProps) {
  const controlled = value !== undefined;
  const [text, setText] = useState(() => fractionToPercent(controlled ? value : defaultValue));
  const emitted = useRef<string | null>(null);

  useEffect(() => {
    if (!controlled) return;
    const incoming = value === null ? '' : String(value);
    if (incoming === emitted.current) return;
    emitted.current = null;
    setText(fractionToPercent(value));
  }, [controlled, value]);

  const change = (next: number | string) => {
    const typed = typeof next === 'number' ? String(next) : next;
    setText(typed);
    const fraction = percentToFraction(typed, decimals);
    emitted.current = fraction;
    onChange?.(fraction);
  };

  return (
    <NumberInput
      inputMode="decimal"
      {...others}
      value={text}
      onChange={change}
      decimalScale={decimals - 2}
      allowDecimal={decimals > 2}
      allowNegative={false}
      min={0}
      max={max}
      clampBehavior="strict"
      suffix=" %"
    />
  );
}

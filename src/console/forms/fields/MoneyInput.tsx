import { TextInput, type TextInputProps } from '@mantine/core';
import { useUncontrolled } from '@mantine/hooks';
import { useState, type FocusEvent } from 'react';
import { displayMoney, normalizeMoney, sanitizeMoneyText } from './money';

export interface MoneyInputProps extends Omit<TextInputProps, 'value' | 'defaultValue' | 'onChange'> {
  /** A decimal string ('1234.5'); '' when empty. */
  value?: string | null;
  defaultValue?: string | null;
  onChange?: (value: string) => void;
  /** Most decimals accepted: 4 by default, 0 for whole amounts (the coupon amount takes digits only). */
  decimals?: number;
  /** A currency symbol or code shown before the amount ('$', 'USD'). */
  currency?: string;
}

/**
 * An amount of money as a decimal string. While focused it shows what the member types; once left
 * it shows the amount grouped by thousands ('1 234.5'). Text only: no float ever rounds it.
 */
export function MoneyInput({ value, defaultValue, onChange, decimals = 4, currency, onFocus, onBlur, leftSection, ...others }: MoneyInputProps) {
  // A record loaded as a number (12.5) still edits as text.
  const [amount, setAmount] = useUncontrolled<string>({
    value: value === undefined ? undefined : value === null ? '' : String(value),
    defaultValue: defaultValue === undefined || defaultValue === null ? '' : String(defaultValue),
    finalValue: '',
    onChange,
  });
  const [focused, setFocused] = useState(false);

  const focus = (event: FocusEvent<HTMLInputElement>) => {
    setFocused(true);
    onFocus?.(event);
  };
  const blur = (event: FocusEvent<HTMLInputElement>) => {
    setFocused(false);
    const normalized = normalizeMoney(amount);
    if (normalized !== amount) setAmount(normalized);
    onBlur?.(event);
  };

  return (
    <TextInput
      inputMode={decimals > 0 ? 'decimal' : 'numeric'}
      autoComplete="off"
      {...others}
      leftSection={leftSection ?? (currency ? <span aria-hidden="true">{currency}</span> : undefined)}
      // An amount in a currency reads with cents once left ('$60.00'); whole amounts stay whole.
      value={focused ? amount : displayMoney(amount, currency ? Math.min(2, decimals) : 0)}
      onChange={(event) => setAmount(sanitizeMoneyText(event.currentTarget.value, decimals))}
      onFocus={focus}
      onBlur={blur}
    />
  );
}

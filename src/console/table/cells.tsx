import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatNumber } from '../ui/format';

/** Cell content of a column without its own render: numbers grouped, booleans as Yes/No. */
export function defaultCell(value: unknown): ReactNode {
  if (value === null || value === undefined || value === '') {
    return (
      <Text component="span" c="dimmed" size="sm">
        —
      </Text>
    );
  }
  if (typeof value === 'number') return formatNumber(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.map((v) => (v !== null && typeof v === 'object' ? JSON.stringify(v) : String(v))).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

import type { MantineColor } from '@mantine/core';
import { SYNC_RUN_STATUS_LABELS, type SyncRunStatus } from '../../../contract/provider-sync';
import { StatusLabel } from '../../ui/StatusLabel';
import { formatMoney, formatNumber } from '../../ui/format';

export const SYNC_KEY = ['provider-sync'] as const;

const RUN_COLORS: Record<SyncRunStatus, MantineColor> = {
  queued: 'cyan',
  running: 'blue',
  review: 'orange',
  applied: 'green',
  no_changes: 'teal',
  failed: 'red',
  superseded: 'gray',
};

export function RunStatus({ status }: { status: SyncRunStatus }) {
  return <StatusLabel value={status} color={RUN_COLORS[status]} text={SYNC_RUN_STATUS_LABELS[status]} />;
}

/** A provider's price in its currency, up to 4 decimals ('€1.2345'); without a currency, the bare number. */
export const priceIn = (amount: string | null | undefined, currency: string | null | undefined) =>
  amount === null || amount === undefined
    ? '—'
    : currency
      ? formatMoney(amount, { currency, maxDecimals: 4 })
      : formatNumber(amount, { decimals: 4, trimFractions: true });

export function duration(ms: number | null): string {
  if (ms === null) return '—';
  if (ms < 1000) return `${ms} ms`;
  const s = ms / 1000;
  return s < 60 ? `${formatNumber(s, { decimals: 1, trimFractions: true })} s` : `${Math.floor(s / 60)} min ${Math.round(s % 60)} s`;
}

export function seconds(total: number | null): string {
  if (total === null) return '—';
  if (total < 90) return `${total} s`;
  const minutes = Math.round(total / 60);
  if (minutes < 120) return `${minutes} min`;
  const hours = total / 3600;
  return hours < 48
    ? `${formatNumber(hours, { decimals: 1, trimFractions: true })} h`
    : `${formatNumber(hours / 24, { decimals: 1, trimFractions: true })} days`;
}

/** Saves text as a file the browser downloads. */
export function download(fileName: string, contentType: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: contentType }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A text colour readable at 4.5:1 in both themes (shade 9 on light, shade 4 on dark) for 'red' and 'teal'. */
export const readable = (color: 'red' | 'teal'): string => `light-dark(var(--mantine-color-${color}-9), var(--mantine-color-${color}-4))`;

import { ActionIcon, Group, NativeSelect, Text } from '@mantine/core';
import { useId } from 'react';
import { PAGE_SIZES } from '../../contract/columns';
import { formatNumber } from '../ui/format';
import { ChevronLeftIcon, ChevronRightIcon } from './icons';
import { ALL_ROWS } from '../list/urlState';

/**
 * The table footer every list shares: 'Rows per page' (10, 20, 30, 50, 100, All), the range
 * 'start-stop of total' ('about' when the server estimates), previous disabled without a start
 * row before the first, next disabled when the last row is the total (with an estimated total:
 * when the page is not full).
 */

export interface PageRange {
  start: number;
  stop: number;
}

/** First and last row numbers shown (1-based); 0-0 when there are none. */
export function pageRange(page: number, perPage: number, rowCount: number): PageRange {
  if (rowCount <= 0) return { start: 0, stop: 0 };
  const start = perPage <= 0 ? 1 : (page - 1) * perPage + 1;
  return { start, stop: start + rowCount - 1 };
}

export const pageSizeLabel = (size: number): string => (size <= 0 ? 'All' : String(size));

export function rangeText(range: PageRange, total: number, estimate = false): string {
  return `${formatNumber(range.start)}-${formatNumber(range.stop)} of ${estimate ? 'about ' : ''}${formatNumber(total)}`;
}

export interface TableFooterProps {
  page: number;
  perPage: number;
  total: number;
  totalIsEstimate?: boolean;
  rowCount: number;
  /** A page is on its way and none is shown: the range says so instead of "0-0 of 0". */
  loading?: boolean;
  onPageChange: (page: number) => void;
  onPerPageChange: (perPage: number) => void;
}

export function TableFooter({ page, perPage, total, totalIsEstimate, rowCount, loading = false, onPageChange, onPerPageChange }: TableFooterProps) {
  const labelId = useId();
  const range = pageRange(page, perPage, rowCount);
  const sizes: number[] = [...PAGE_SIZES];
  if (perPage > 0 && !sizes.includes(perPage)) sizes.push(perPage);
  sizes.sort((a, b) => a - b);
  const data = [...sizes.map((s) => ({ value: String(s), label: pageSizeLabel(s) })), { value: String(ALL_ROWS), label: pageSizeLabel(ALL_ROWS) }];
  const perPageValue = String(perPage <= 0 ? ALL_ROWS : perPage);
  // An estimated total may be off either way: the rows decide. A full page offers a next one, a
  // short page is the last — so paging forward never lands on an empty page.
  const waiting = loading && rowCount === 0;
  const previousDisabled = (range.start <= 1 && page <= 1) || waiting;
  const nextDisabled = perPage <= 0 || rowCount === 0 || (totalIsEstimate ? rowCount < perPage : range.stop >= total);

  return (
    <Group justify="flex-end" gap="md" py="xs" wrap="wrap" data-testid="table-footer">
      <Group gap="xs" wrap="nowrap">
        <Text size="sm" id={labelId}>
          Rows per page
        </Text>
        {/* The browser's own select: a combobox keeps its option list mounted and positioned on every list's render. */}
        <NativeSelect
          aria-labelledby={labelId}
          data={data}
          value={perPageValue}
          onChange={(event) => onPerPageChange(Number(event.currentTarget.value))}
          w={90}
          size="xs"
        />
      </Group>
      <Text size="sm" aria-live="polite" data-testid="table-range">
        {waiting ? 'Loading…' : rangeText(range, total, totalIsEstimate)}
      </Text>
      <Group gap={4} wrap="nowrap">
        <ActionIcon variant="default" aria-label="Previous page" disabled={previousDisabled} onClick={() => onPageChange(Math.max(1, page - 1))}>
          <ChevronLeftIcon />
        </ActionIcon>
        <ActionIcon variant="default" aria-label="Next page" disabled={nextDisabled} onClick={() => onPageChange(page + 1)}>
          <ChevronRightIcon />
        </ActionIcon>
      </Group>
    </Group>
  );
}

import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useCallback, useEffect, useRef, useState, type MutableRefObject } from 'react';
import type { TableRequest } from '../../contract/table';
import { errorMessage, isCancellation } from '../api/errors';
import { onExportRequest, takeExportRequest } from '../list/exportRequests';
import type { ColumnDef, Resource } from '../resource/resource';
import { iconProps } from '../ui/iconProps';

/** The list's shortcut for "Export CSV" (Shift+E: single letters belong to the list's actions). */
export const EXPORT_SHORTCUT = 'E';

const DownloadIcon = () => (
  <svg {...iconProps({})}>
    <path d="M12 4v11M7 10l5 5 5-5M5 20h14" />
  </svg>
);

export interface ExportButtonProps<Row> {
  resource: Resource<Row>;
  /** The list's table request as it is on screen (filters, search, sort, queries). */
  request: TableRequest;
  /** The visible columns the member may see, in their order. */
  columns: readonly ColumnDef<Row>[];
  params?: Record<string, string | number>;
  /** The list's total, for "1,200 of 5,000 rows". */
  total?: number;
  totalIsEstimate?: boolean;
  /** Set to the function that starts an export (the list's Shift+E). */
  startRef?: MutableRefObject<() => void>;
  /** Takes the palette's "export <list>" requests (the list's main table, not an embedded one). */
  fromPalette?: boolean;
}

/**
 * "Export CSV" in a list's toolbar: exports exactly the rows of the list's filters, search and
 * sort, its visible columns with their headers, every page. While the file streams in it shows
 * the rows received so far and a Cancel button.
 */
export function ExportButton<Row>({ resource, request, columns, params, total, totalIsEstimate, startRef, fromPalette }: ExportButtonProps<Row>) {
  const [rows, setRows] = useState<number | null>(null);
  const controller = useRef<AbortController | null>(null);
  const latest = useRef({ request, columns, params });
  latest.current = { request, columns, params };

  const start = useCallback(async () => {
    if (controller.current) return;
    const abort = new AbortController();
    controller.current = abort;
    setRows(0);
    const { request: current, columns: visible, params: pathParams } = latest.current;
    try {
      const { runExport } = await import('../list/exportCsv');
      const result = await runExport({
        endpoint: resource.endpoint,
        params: pathParams,
        body: { request: current, columns: visible.map((c) => ({ key: c.key, header: c.header })) },
        signal: abort.signal,
        onProgress: (n) => setRows(n),
      });
      notifications.show({ color: 'green', title: 'Export CSV', message: `${result.rows.toLocaleString('en')} rows saved to ${result.fileName}.` });
    } catch (error) {
      if (abort.signal.aborted || isCancellation(error)) notifications.show({ color: 'gray', title: 'Export CSV', message: 'Export cancelled.' });
      else notifications.show({ color: 'red', title: 'Export CSV failed', message: errorMessage(error) });
    } finally {
      controller.current = null;
      setRows(null);
    }
  }, [resource]);

  if (startRef) startRef.current = () => void start();

  // Leaving the list stops its export.
  useEffect(() => () => controller.current?.abort(), []);

  useEffect(() => {
    if (!fromPalette) return;
    if (takeExportRequest(resource.name)) void start();
    return onExportRequest((name) => {
      if (name === resource.name && takeExportRequest(name)) void start();
    });
  }, [fromPalette, resource, start]);

  if (rows === null) {
    return (
      <Button
        variant="default"
        size="xs"
        leftSection={<DownloadIcon />}
        aria-keyshortcuts={`Shift+${EXPORT_SHORTCUT}`}
        onClick={() => void start()}
        disabled={columns.length === 0}
      >
        Export CSV
      </Button>
    );
  }
  const of = total !== undefined && total > 0 ? ` of ${totalIsEstimate ? 'about ' : ''}${total.toLocaleString('en')}` : '';
  return (
    <Group gap="xs" wrap="nowrap">
      <Text size="xs" role="status" aria-live="polite" data-testid="export-progress">
        Exporting… {rows.toLocaleString('en')}
        {of} rows
      </Text>
      <Button variant="light" color="red" size="xs" onClick={() => controller.current?.abort()}>
        Cancel export
      </Button>
    </Group>
  );
}

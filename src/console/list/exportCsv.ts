import type { EndpointName } from '../../contract/endpoints';
import { buildPath } from '../../contract/paths';
import { tableExportPath, type TableExportRequest } from '../../contract/table';
import { apiFetch } from '../api/client';
import { endpointOf } from '../api/contract';

/**
 * Runs one CSV export of a list (server: src/server/table/export.ts) and saves the file. Loaded
 * when the first export starts, so the lists carry none of it (it reads the contract's schemas).
 *
 * The answer is read as it streams: `onProgress` gets the rows received so far (line breaks
 * outside quoted cells, the header row aside), and aborting `signal` stops the download and the
 * server's reading. The file is saved under the name the server gives it.
 */
export interface ExportRun {
  endpoint: EndpointName;
  params?: Record<string, string | number>;
  body: TableExportRequest;
  signal: AbortSignal;
  onProgress: (rows: number) => void;
}

export interface ExportResult {
  rows: number;
  fileName: string;
}

const QUOTE = 34;
const LF = 10;

/** Counts CSV rows across chunks: a line break ends a row unless it is inside a quoted cell. */
export function rowCounter(): { add(bytes: Uint8Array): number; readonly rows: number } {
  let quoted = false;
  let lines = 0;
  return {
    add(bytes) {
      // '"' and LF never occur inside a multi-byte UTF-8 character: the bytes can be read as they come.
      for (let i = 0; i < bytes.length; i++) {
        const b = bytes[i];
        if (b === QUOTE) quoted = !quoted;
        else if (b === LF && !quoted) lines++;
      }
      return Math.max(0, lines - 1);
    },
    get rows() {
      return Math.max(0, lines - 1);
    },
  };
}

export function fileNameOf(disposition: string | null, fallback: string): string {
  const match = disposition?.match(/filename="([^"]+)"/);
  return match ? match[1] : fallback;
}

export async function runExport({ endpoint, params, body, signal, onProgress }: ExportRun): Promise<ExportResult> {
  const e = await endpointOf(endpoint);
  const response = await apiFetch(tableExportPath(buildPath(e.path, params)), { method: 'POST', body, signal });
  const fileName = fileNameOf(response.headers.get('content-disposition'), `${endpoint}.csv`);
  const chunks: Uint8Array[] = [];
  const counter = rowCounter();
  const reader = response.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    onProgress(counter.add(value));
  }
  saveFile(new Blob(chunks as BlobPart[], { type: 'text/csv;charset=utf-8' }), fileName);
  return { rows: counter.rows, fileName };
}

/** Hands a file to the browser's download. */
function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The download has taken the data by the next turns of the event loop.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

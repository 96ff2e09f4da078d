import { notifications } from '@mantine/notifications';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../api/client';
import { ValidationError, errorMessage } from '../api/errors';
import { useListEngine, type DialogSubmitResult, type ListEngine } from '../table/engineContext';
import { detailKeyPrefix, listKeyPrefix } from '../table/listQuery';
import { capitalize, type Resource } from '../table/resource';
import { availableActions, availableBulkActions } from './available';
import { bulkResultsFromAnswer } from './bulkResults';
import {
  DEFAULT_CANCEL_LABEL,
  DEFAULT_CONFIRM_LABEL,
  DEFAULT_CONFIRM_TITLE,
  type BulkActionDef,
  type BulkResult,
  type Mutation,
  type RowActionDef,
  type RowKey,
} from './types';

/**
 * Runs declared actions: availability check -> confirmation or dialog -> mutation through the
 * api client -> notification -> reload of the resource's lists and details (operations.md §4:
 * after any table action the table reloads; errors are stored and the table reloaded; bulk
 * actions clear the selection). A ValidationError keeps a dialog open with its field errors.
 */

export type ActionOutcome = 'done' | 'cancelled' | 'failed' | 'unavailable';

export interface RunBulkOptions {
  /** Called once the action ran (successfully or not): the table clears its selection here. */
  onFinished?: () => void;
}

export interface RunAction {
  row: <Row>(resource: Resource<Row>, action: string | RowActionDef<Row, any>, row: Row) => Promise<ActionOutcome>;
  bulk: <Row>(resource: Resource<Row>, action: string | BulkActionDef<Row, any>, rows: Row[], options?: RunBulkOptions) => Promise<ActionOutcome>;
}

export async function callMutation<Args extends unknown[]>(mutation: Mutation<Args>, args: Args): Promise<unknown> {
  if (typeof mutation === 'function') return mutation(...args);
  // `mutation` is one member of a union over every endpoint; the call itself is widened.
  const call = api as (name: string, options: Record<string, unknown>) => Promise<unknown>;
  return call(mutation.endpoint, {
    body: mutation.body?.(...args),
    params: mutation.params?.(...args),
    query: mutation.query?.(...args),
  });
}

function invalidate(queryClient: QueryClient, resourceName: string, also: readonly string[] = []): void {
  for (const name of [resourceName, ...also]) {
    void queryClient.invalidateQueries({ queryKey: listKeyPrefix(name) });
    void queryClient.invalidateQueries({ queryKey: detailKeyPrefix(name) });
  }
}

function describeError(error: unknown): string {
  if (error instanceof ValidationError) {
    const details = Object.values(error.errors).flat();
    return details.length > 0 && !details.includes(error.message) ? `${error.message} ${details.join(' ')}`.trim() : error.message;
  }
  return errorMessage(error);
}

const resolveText = <S>(text: string | ((subject: S) => string) | undefined, subject: S, fallback: string): string =>
  text === undefined ? fallback : typeof text === 'function' ? text(subject) : text;

function summarizeBulk(results: BulkResult[]): { ok: number; failed: BulkResult[] } {
  const failed = results.filter((r) => !r.ok);
  return { ok: results.length - failed.length, failed };
}

function createRunner(engine: ListEngine, queryClient: QueryClient): RunAction {
  const fail = (resourceName: string, label: string, error: unknown) => {
    const message = describeError(error);
    notifications.show({ color: 'red', title: `${label} failed`, message });
    engine.store.setActionError(resourceName, `${label}: ${message}`);
  };

  return {
    async row(resource, actionOrId, row) {
      const id = typeof actionOrId === 'string' ? actionOrId : actionOrId.id;
      const available = availableActions(resource, row, engine.can).find((a) => a.action.id === id);
      const subject = resource.describe(row);
      if (!available) {
        notifications.show({ color: 'yellow', title: 'Not available', message: `This action is not available for ${subject}.` });
        return 'unavailable';
      }
      if (!available.enabled) {
        notifications.show({ color: 'yellow', title: available.action.label, message: available.reason });
        return 'unavailable';
      }
      const action = available.action;
      const inDialog = action.dialog !== undefined;
      let failed = false;

      const execute = async (input: unknown): Promise<DialogSubmitResult> => {
        try {
          await callMutation(action.mutation, [row, input]);
          engine.store.setActionError(resource.name, null);
          notifications.show({
            color: 'green',
            title: action.label,
            message: resolveText(action.success, row, action.past ? `${capitalize(subject)} ${action.past}.` : `${action.label}: ${subject} done.`),
          });
          invalidate(queryClient, resource.name, action.invalidates);
          return { ok: true };
        } catch (error) {
          if (inDialog && error instanceof ValidationError) {
            return { ok: false, errors: error.errors, message: error.message, keepOpen: true };
          }
          failed = true;
          fail(resource.name, action.label, error);
          invalidate(queryClient, resource.name, action.invalidates);
          return { ok: false, errors: null, message: describeError(error), keepOpen: false };
        }
      };

      if (action.dialog) {
        const outcome = await engine.host.dialog({
          title: `${action.label} — ${subject}`,
          Component: action.dialog,
          rows: [row],
          submit: execute,
        });
        return outcome;
      }
      if (action.confirm) {
        const confirm = action.confirm;
        const outcome = await engine.host.confirm({
          title: resolveText(confirm.title, row, DEFAULT_CONFIRM_TITLE),
          text: resolveText(confirm.text, row, `${action.label} ${subject}?`),
          undoable: confirm.undoable,
          confirmLabel: confirm.confirmLabel ?? DEFAULT_CONFIRM_LABEL,
          cancelLabel: confirm.cancelLabel ?? DEFAULT_CANCEL_LABEL,
          color: action.color,
          onProceed: async () => {
            await execute(undefined);
          },
        });
        return outcome === 'done' && failed ? 'failed' : outcome;
      }
      const result = await execute(undefined);
      return result.ok ? 'done' : 'failed';
    },

    async bulk(resource, actionOrId, rows, options = {}) {
      const id = typeof actionOrId === 'string' ? actionOrId : actionOrId.id;
      const available = availableBulkActions(resource, rows, engine.can).find((a) => a.action.id === id);
      if (!available) {
        notifications.show({ color: 'yellow', title: 'Not available', message: 'This action is not available.' });
        return 'unavailable';
      }
      if (!available.enabled) {
        notifications.show({ color: 'yellow', title: available.action.label, message: available.reason });
        return 'unavailable';
      }
      const action = available.action;
      const eligible = available.eligible;
      const ids: RowKey[] = eligible.map(resource.keyOf);
      const plural = resource.nouns[1] ?? `${resource.nouns[0]}s`;
      const inDialog = action.dialog !== undefined;
      let failed = false;
      let finished = false;
      const finish = () => {
        if (finished) return;
        finished = true;
        options.onFinished?.();
      };

      const execute = async (input: unknown): Promise<DialogSubmitResult> => {
        try {
          const response = await callMutation(action.mutation, [ids, input, eligible]);
          const results = (action.results ?? bulkResultsFromAnswer)(response, ids);
          const summary = results ? summarizeBulk(results) : null;
          if (summary && summary.failed.length > 0) {
            const detail = summary.failed.map((r) => `${r.id}${r.message ? `: ${r.message}` : ''}`).join('; ');
            const message = `${summary.ok} of ${results!.length} ${plural} done; failed — ${detail}`;
            notifications.show({ color: 'yellow', title: action.label, message });
            engine.store.setActionError(resource.name, `${action.label}: ${message}`);
          } else {
            engine.store.setActionError(resource.name, null);
            notifications.show({
              color: 'green',
              title: action.label,
              message: resolveText(action.success, eligible, `${action.label}: ${ids.length} ${ids.length === 1 ? resource.nouns[0] : plural} done.`),
            });
          }
          invalidate(queryClient, resource.name, action.invalidates);
          finish();
          return { ok: true };
        } catch (error) {
          if (inDialog && error instanceof ValidationError) {
            return { ok: false, errors: error.errors, message: error.message, keepOpen: true };
          }
          failed = true;
          fail(resource.name, action.label, error);
          invalidate(queryClient, resource.name, action.invalidates);
          finish();
          return { ok: false, errors: null, message: describeError(error), keepOpen: false };
        }
      };

      if (action.dialog) {
        return engine.host.dialog({
          title: `${action.label} — ${ids.length} ${ids.length === 1 ? resource.nouns[0] : plural}`,
          Component: action.dialog,
          rows: eligible,
          submit: execute,
        });
      }
      if (action.confirm) {
        const confirm = action.confirm;
        const outcome = await engine.host.confirm({
          title: resolveText(confirm.title, eligible, DEFAULT_CONFIRM_TITLE),
          text: resolveText(confirm.text, eligible, `${action.label} ${ids.length} ${ids.length === 1 ? resource.nouns[0] : plural}?`),
          undoable: confirm.undoable,
          confirmLabel: confirm.confirmLabel ?? DEFAULT_CONFIRM_LABEL,
          cancelLabel: confirm.cancelLabel ?? DEFAULT_CANCEL_LABEL,
          color: action.color,
          onProceed: async () => {
            await execute(undefined);
          },
        });
        return outcome === 'done' && failed ? 'failed' : outcome;
      }
      const result = await execute(undefined);
      return result.ok ? 'done' : 'failed';
    },
  };
}

/** The action runner of the current list engine. */
export function useRunAction(): RunAction {
  const engine = useListEngine();
  const queryClient = useQueryClient();
  return useMemo(() => createRunner(engine, queryClient), [engine, queryClient]);
}

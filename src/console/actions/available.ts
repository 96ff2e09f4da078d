import type { EndpointPermission } from '../../contract/endpoint';
import { capitalize, type Resource } from '../resource/resource';
import { actionPermission, mayRun, meets, type Can } from './permission';
import type { BulkActionDef, RowActionDef } from '../resource/actions';

/**
 * Which actions a row (or a selection) offers, from the declaration alone: the permission hides
 * an action, `hidden(row)` hides it for that row, a missing server flag disables it with a reason.
 * The row menu, the keyboard shortcuts and the command palette all call these functions.
 */

export type { Can };

export interface AvailableAction<Row> {
  action: RowActionDef<Row, any>;
  enabled: boolean;
  /** Why a listed action is disabled ("Order 123 cannot be approved: it is completed."). */
  reason?: string;
}

/** Whether a row carries a server flag: `row.actions[flag]`, `flag in row.actions[]`, or `row[flag]`. */
export function rowFlag(row: unknown, flag: string): boolean {
  if (!row || typeof row !== 'object') return false;
  const actions = (row as { actions?: unknown }).actions;
  if (Array.isArray(actions)) {
    if (actions.includes(flag)) return true;
  } else if (actions && typeof actions === 'object' && flag in actions) {
    return Boolean((actions as Record<string, unknown>)[flag]);
  }
  return Boolean((row as Record<string, unknown>)[flag]);
}

export function unavailableReason<Row>(resource: Resource<Row>, action: RowActionDef<Row, any>, row: Row): string {
  const subject = capitalize(resource.describe(row));
  const head = action.past ? `${subject} cannot be ${action.past}` : `“${action.label}” is not available for ${resource.describe(row)}`;
  const state = resource.state?.(row);
  return state ? `${head}: it is ${state}.` : `${head}.`;
}

export const forbiddenReason = (permission: EndpointPermission): string => `You need the ${[permission].flat().join(' or ')} permission for this.`;

export interface AvailableActionsOptions {
  /** Also list actions the staff member lacks the permission for (disabled, with a reason). */
  includeForbidden?: boolean;
}

export function availableActions<Row>(resource: Resource<Row>, row: Row, can: Can, options: AvailableActionsOptions = {}): AvailableAction<Row>[] {
  const list: AvailableAction<Row>[] = [];
  for (const action of resource.rowActions) {
    if (action.hidden?.(row)) continue;
    const needed = actionPermission(action);
    if (!meets(needed, can)) {
      if (options.includeForbidden) list.push({ action, enabled: false, reason: forbiddenReason(needed!) });
      continue;
    }
    if (action.flag && !rowFlag(row, action.flag)) {
      list.push({ action, enabled: false, reason: unavailableReason(resource, action, row) });
      continue;
    }
    list.push({ action, enabled: true });
  }
  return list;
}

export interface AvailableBulkAction<Row> {
  action: BulkActionDef<Row, any>;
  /** Selected rows the action applies to (those carrying its flag). */
  eligible: Row[];
  enabled: boolean;
  reason?: string;
}

export function availableBulkActions<Row>(resource: Resource<Row>, rows: Row[], can: Can): AvailableBulkAction<Row>[] {
  const list: AvailableBulkAction<Row>[] = [];
  for (const action of resource.bulkActions) {
    if (!mayRun(action, can)) continue;
    const flag = action.flag;
    const eligible = flag ? rows.filter((row) => rowFlag(row, flag)) : rows;
    const plural = resource.nouns[1] ?? `${resource.nouns[0]}s`;
    list.push({
      action,
      eligible,
      enabled: eligible.length > 0,
      reason: eligible.length > 0 ? undefined : `None of the selected ${plural} can be ${action.past ?? `used with “${action.label}”`}.`,
    });
  }
  return list;
}

import type { ComponentType } from 'react';
import type { BodyOf } from '../../contract/endpoint';
import type { EndpointName, Endpoints } from '../../contract/endpoints';
import type { Permission } from '../../contract/permissions';
import type { ActionDialogProps, CollectionActionDef, EndpointCall, FlagKey, RowActionDef } from './actions';

/**
 * Factories of the actions every editable list has: create (a collection action), edit, archive,
 * restore and delete (row actions). Each names its endpoint; the shortcut, wording and confirmation
 * follow one convention, so "New coupon", "Edit", "Archive" behave alike everywhere. The permission
 * is the endpoint's, read from the route table when the action is offered (./permission.ts).
 */

type PathParams = Record<string, string | number>;

interface CreateOptions<N extends EndpointName, Input> {
  /** The record's noun: "coupon" makes "New coupon". */
  noun: string;
  endpoint: N;
  /** Only where the endpoint admits several permissions and this action needs one of them. */
  permission?: Permission;
  dialog: ComponentType<ActionDialogProps<any, Input>>;
  body: (input: Input) => BodyOf<Endpoints[N]>;
  /** The new record's screen, from the answer (optional). */
  openCreated?: (answer: unknown) => string | undefined;
  shortcut?: string;
}

/** "New <noun>": a toolbar button, a palette command and the `n` key on the list. */
export function createAction<N extends EndpointName, Input>(options: CreateOptions<N, Input>): CollectionActionDef<Input> {
  return {
    id: 'create',
    label: `New ${options.noun}`,
    permission: options.permission,
    endpoint: options.endpoint,
    shortcut: options.shortcut ?? 'n',
    aliases: ['new', 'create', 'add'],
    dialog: options.dialog,
    mutation: { endpoint: options.endpoint, body: options.body } as unknown as EndpointCall<[Input]>,
    success: `${capitalize(options.noun)} created.`,
    openCreated: options.openCreated,
  };
}

interface RowOptions<Row, N extends EndpointName> {
  endpoint: N;
  /** Only where the endpoint admits several permissions and this action needs one of them. */
  permission?: Permission;
  /** The path parameters of the call, from the row (`{ couponId: c.id }`). */
  params: (row: Row) => PathParams;
  /** The row flag that allows it (`editable`, `archivable`…); without it the action is shown disabled. */
  flag?: FlagKey<Row>;
  shortcut?: string;
}

/** "Edit": the record's editor dialog (the same dialog as create, given the row). */
export function editAction<Row, N extends EndpointName, Input>(
  options: RowOptions<Row, N> & { dialog: ComponentType<ActionDialogProps<Row, Input>>; body: (row: Row, input: Input) => BodyOf<Endpoints[N]> },
): RowActionDef<Row, Input> {
  return {
    id: 'edit',
    label: 'Edit',
    past: 'updated',
    permission: options.permission,
    endpoint: options.endpoint,
    flag: options.flag,
    shortcut: options.shortcut ?? 'e',
    dialog: options.dialog,
    mutation: { endpoint: options.endpoint, params: options.params, body: options.body } as unknown as EndpointCall<[Row, Input]>,
  };
}

function confirmedAction<Row, N extends EndpointName>(
  options: RowOptions<Row, N>,
  spec: { id: string; label: string; past: string; undoable: boolean | string; undo?: string; color?: string; shortcut?: string },
): RowActionDef<Row> {
  return {
    id: spec.id,
    label: spec.label,
    past: spec.past,
    color: spec.color,
    permission: options.permission,
    endpoint: options.endpoint,
    flag: options.flag,
    shortcut: options.shortcut ?? spec.shortcut,
    // The question names the record the way the list does: "Archive coupon 12?".
    confirm: { undoable: spec.undoable, undo: spec.undo },
    mutation: { endpoint: options.endpoint, params: options.params } as unknown as EndpointCall<[Row, void]>,
  };
}

/**
 * "Archive": hidden from the storefront, kept, and restorable — undone by the resource's restore
 * action (`restoreId`: 'unarchive' where the area names it so).
 */
export const archiveAction = <Row, N extends EndpointName>(options: RowOptions<Row, N>, restoreId = 'restore') =>
  confirmedAction(options, { id: 'archive', label: 'Archive', past: 'archived', undoable: true, undo: restoreId, color: 'yellow' });

/** "Restore": back from the archive. */
export const restoreAction = <Row, N extends EndpointName>(options: RowOptions<Row, N>) =>
  confirmedAction(options, { id: 'restore', label: 'Restore', past: 'restored', undoable: true, undo: 'archive' });

/** "Delete": gone for good, so it asks and says so. */
export const deleteAction = <Row, N extends EndpointName>(options: RowOptions<Row, N>) =>
  confirmedAction(options, { id: 'delete', label: 'Delete', past: 'deleted', undoable: false, color: 'red' });

const capitalize = (text: string) => (text ? text[0].toUpperCase() + text.slice(1) : text);

import { Badge, Checkbox, Group, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { Permission } from '../../../contract/permissions';
import { groupLabel, permissionLabel } from './permissionLabels';

/**
 * The permission matrix: permissions grouped by area as rows, roles as columns, one checkbox per
 * cell. One cell is in the tab order at a time (roving focus): the arrow keys move it, Home and End
 * go to the row's first and last role, Ctrl+Home and Ctrl+End to the matrix's corners, Space or
 * Enter toggles the cell; a click toggles it too. A member's effective permissions (roles plus
 * direct) can be shown as a last, read-only column.
 */

export interface MatrixRole {
  id: number;
  name: string;
  permissions: readonly Permission[];
}

export interface MatrixGroup {
  group: string;
  permissions: readonly { name: Permission }[];
}

/** One effective permission of a member and where it comes from. */
export interface EffectiveSource {
  direct: boolean;
  roles: readonly string[];
}

export interface PermissionMatrixProps {
  groups: readonly MatrixGroup[];
  roles: readonly MatrixRole[];
  /** Grants or revokes; rejects when the server refused (the cell then shows the stored value). */
  onToggle: (role: MatrixRole, permission: Permission, granted: boolean) => Promise<void>;
  /** Cells being saved ("roleId:permission"). */
  pending?: ReadonlySet<string>;
  /** The chosen member's effective permissions, shown as a read-only last column. */
  member?: { name: string; effective: ReadonlyMap<Permission, EffectiveSource> } | null;
  /** Content of each role's column header besides its name (a menu). */
  roleHeader?: (role: MatrixRole) => ReactNode;
  disabled?: boolean;
}

export const cellKey = (roleId: number, permission: string) => `${roleId}:${permission}`;

export function PermissionMatrix({ groups, roles, onToggle, pending, member, roleHeader, disabled }: PermissionMatrixProps) {
  const rows = groups.flatMap((g) => g.permissions.map((p) => p.name));
  const [active, setActive] = useState<{ row: number; col: number }>({ row: 0, col: 0 });
  const table = useRef<HTMLTableElement>(null);
  const current = { row: Math.min(active.row, Math.max(rows.length - 1, 0)), col: Math.min(active.col, Math.max(roles.length - 1, 0)) };

  const focusCell = (row: number, col: number) => {
    const next = { row: Math.max(0, Math.min(rows.length - 1, row)), col: Math.max(0, Math.min(roles.length - 1, col)) };
    setActive(next);
    table.current?.querySelector<HTMLInputElement>(`input[data-cell="${next.row}-${next.col}"]`)?.focus();
  };

  const toggle = (row: number, col: number) => {
    const role = roles[col];
    const permission = rows[row];
    if (!role || !permission || disabled || pending?.has(cellKey(role.id, permission))) return;
    void onToggle(role, permission, !role.permissions.includes(permission)).catch(() => undefined);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>, row: number, col: number) => {
    const moves: Record<string, [number, number]> = {
      ArrowUp: [row - 1, col],
      ArrowDown: [row + 1, col],
      ArrowLeft: [row, col - 1],
      ArrowRight: [row, col + 1],
      Home: event.ctrlKey ? [0, 0] : [row, 0],
      End: event.ctrlKey ? [rows.length - 1, roles.length - 1] : [row, roles.length - 1],
      PageUp: [row - 10, col],
      PageDown: [row + 10, col],
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      focusCell(move[0], move[1]);
    } else if (event.key === 'Enter' || event.key === ' ') {
      // Space on a checkbox would click it; one path for both keys, so a toggle is sent once.
      event.preventDefault();
      toggle(row, col);
    }
  };

  let rowIndex = -1;
  return (
    <div style={{ overflowX: 'auto' }}>
      <table
        ref={table}
        className="permission-matrix"
        aria-label="Permissions by role"
        aria-describedby="permission-matrix-help"
        style={{ borderCollapse: 'collapse', minWidth: '100%' }}
      >
        <caption id="permission-matrix-help" style={{ captionSide: 'top', textAlign: 'left', paddingBottom: 8 }}>
          <Text size="sm" c="dimmed" component="span">
            Arrow keys move between cells, Space or Enter grants or revokes, a click does the same.
          </Text>
        </caption>
        <thead>
          <tr>
            <th scope="col" style={{ textAlign: 'left', padding: '6px 8px' }}>
              Permission
            </th>
            {roles.map((role) => (
              <th key={role.id} scope="col" style={{ padding: '6px 8px', whiteSpace: 'nowrap' }}>
                <Group gap={4} justify="center" wrap="nowrap">
                  <span>{role.name}</span>
                  {roleHeader?.(role)}
                </Group>
              </th>
            ))}
            {member && (
              <th scope="col" style={{ padding: '6px 8px', whiteSpace: 'nowrap' }}>
                {member.name} (effective)
              </th>
            )}
          </tr>
        </thead>
        {groups.map((group) => (
          <tbody key={group.group}>
            <tr>
              <th scope="colgroup" colSpan={roles.length + 1 + (member ? 1 : 0)} style={{ textAlign: 'left', padding: '10px 8px 4px' }}>
                {groupLabel(group.group)}
              </th>
            </tr>
            {group.permissions.map(({ name }) => {
              rowIndex += 1;
              const row = rowIndex;
              const source = member?.effective.get(name);
              return (
                <tr key={name} data-permission={name}>
                  <th scope="row" style={{ textAlign: 'left', fontWeight: 400, padding: '4px 8px', whiteSpace: 'nowrap' }}>
                    {permissionLabel(name)}
                  </th>
                  {roles.map((role, col) => {
                    const granted = role.permissions.includes(name);
                    const busy = pending?.has(cellKey(role.id, name)) ?? false;
                    return (
                      <td key={role.id} style={{ textAlign: 'center', padding: '4px 8px' }}>
                        <Checkbox
                          checked={granted}
                          onChange={() => toggle(row, col)}
                          onKeyDown={(event) => onKeyDown(event, row, col)}
                          onFocus={() => setActive({ row, col })}
                          tabIndex={row === current.row && col === current.col ? 0 : -1}
                          disabled={disabled}
                          aria-busy={busy}
                          aria-label={`${permissionLabel(name)} for ${role.name}`}
                          data-cell={`${row}-${col}`}
                          styles={{ body: { justifyContent: 'center' } }}
                        />
                      </td>
                    );
                  })}
                  {member && (
                    <td style={{ textAlign: 'center', padding: '4px 8px' }}>
                      {source ? (
                        <Tooltip label={[source.direct ? 'direct' : null, ...source.roles].filter(Boolean).join(', ')}>
                          <Badge variant="light" color={source.direct ? 'grape' : 'teal'} size="sm">
                            {source.direct ? (source.roles.length ? 'Direct and role' : 'Direct') : `Role: ${source.roles.join(', ')}`}
                          </Badge>
                        </Tooltip>
                      ) : (
                        <Text size="xs" c="dimmed" component="span">
                          <span aria-hidden="true">—</span>
                          <VisuallyHidden>not held</VisuallyHidden>
                        </Text>
                      )}
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        ))}
      </table>
    </div>
  );
}

import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Permission } from '../../../src/contract/permissions';
import { PermissionMatrix, type EffectiveSource, type MatrixRole } from '../../../src/console/areas/staff/PermissionMatrix';

/**
 * The permission matrix by keyboard and mouse: one cell in the tab order, arrows/Home/End move it,
 * Space and Enter toggle the focused cell once, a click toggles, a refused toggle leaves the cell as
 * stored, and a member's effective permissions show as a read-only column with their sources.
 */

afterEach(cleanup);

const GROUPS = [
  { group: 'Users', permissions: [{ name: 'viewUsers' as Permission }, { name: 'editUsers' as Permission }] },
  { group: 'Orders', permissions: [{ name: 'viewOrders' as Permission }] },
];

function Harness({
  onToggle,
  refuse = false,
  member,
}: {
  onToggle: (roleId: number, p: Permission, granted: boolean) => void;
  refuse?: boolean;
  member?: Map<Permission, EffectiveSource>;
}) {
  const [roles, setRoles] = useState<MatrixRole[]>([
    { id: 1, name: 'Support', permissions: ['viewUsers'] },
    { id: 2, name: 'Finance', permissions: [] },
  ]);
  return (
    <MantineProvider env="test">
      <PermissionMatrix
        groups={GROUPS}
        roles={roles}
        member={member ? { name: 'Dana', effective: member } : null}
        onToggle={async (role, permission, granted) => {
          onToggle(role.id, permission, granted);
          if (refuse) throw new Error('refused');
          setRoles((rs) =>
            rs.map((r) =>
              r.id === role.id ? { ...r, permissions: granted ? [...r.permissions, permission] : r.permissions.filter((x) => x !== permission) } : r,
            ),
          );
        }}
      />
    </MantineProvider>
  );
}

const cell = (permission: string, role: string) => screen.getByRole('checkbox', { name: `${permission} for ${role}` });

describe('PermissionMatrix', () => {
  it('has one tab stop; arrows, Home and End move the focus between cells', async () => {
    const user = userEvent.setup();
    render(<Harness onToggle={() => {}} />);
    const tabbable = screen.getAllByRole('checkbox').filter((c) => c.tabIndex === 0);
    expect(tabbable).toEqual([cell('View users', 'Support')]);

    await user.tab();
    expect(cell('View users', 'Support')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(cell('View users', 'Finance')).toHaveFocus();
    await user.keyboard('{ArrowRight}'); // stays at the last role
    expect(cell('View users', 'Finance')).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}'); // crosses the area heading to the next group
    expect(cell('View orders', 'Finance')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(cell('View orders', 'Support')).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(cell('Edit users', 'Support')).toHaveFocus();
    await user.keyboard('{Control>}{End}{/Control}');
    expect(cell('View orders', 'Finance')).toHaveFocus();
    // Only the focused cell is in the tab order now.
    expect(screen.getAllByRole('checkbox').filter((c) => c.tabIndex === 0)).toEqual([cell('View orders', 'Finance')]);
    // Area headings group the rows.
    expect(screen.getByRole('columnheader', { name: 'Users' })).toBeInTheDocument();
  });

  it('Space and Enter toggle the focused cell once each; a click toggles too', async () => {
    const user = userEvent.setup();
    const onToggle = vi.fn();
    render(<Harness onToggle={onToggle} />);
    await user.tab();
    await user.keyboard('{ArrowDown}{ArrowRight}');
    expect(cell('Edit users', 'Finance')).toHaveFocus();
    await user.keyboard(' ');
    expect(onToggle).toHaveBeenCalledTimes(1);
    expect(onToggle).toHaveBeenLastCalledWith(2, 'editUsers', true);
    await waitFor(() => expect(cell('Edit users', 'Finance')).toBeChecked());

    await user.keyboard('{Enter}');
    expect(onToggle).toHaveBeenCalledTimes(2);
    expect(onToggle).toHaveBeenLastCalledWith(2, 'editUsers', false);
    await waitFor(() => expect(cell('Edit users', 'Finance')).not.toBeChecked());

    await user.click(cell('View users', 'Support'));
    expect(onToggle).toHaveBeenLastCalledWith(1, 'viewUsers', false);
    await waitFor(() => expect(cell('View users', 'Support')).not.toBeChecked());
  });

  it('a refused toggle leaves the cell as stored', async () => {
    const user = userEvent.setup();
    const onToggle = vi.fn();
    render(<Harness onToggle={onToggle} refuse />);
    await user.tab();
    await user.keyboard(' ');
    expect(onToggle).toHaveBeenCalledWith(1, 'viewUsers', false);
    expect(cell('View users', 'Support')).toBeChecked();
  });

  it("shows a member's effective permissions with where each comes from", () => {
    render(
      <Harness
        onToggle={() => {}}
        member={
          new Map<Permission, EffectiveSource>([
            ['viewUsers', { direct: false, roles: ['Support'] }],
            ['viewOrders', { direct: true, roles: [] }],
          ])
        }
      />,
    );
    expect(screen.getByRole('columnheader', { name: 'Dana (effective)' })).toBeInTheDocument();
    const rows = screen.getAllByRole('row').filter((r) => r.getAttribute('data-permission'));
    const lastCell = (permission: string) => rows.find((r) => r.getAttribute('data-permission') === permission)!.lastElementChild!.textContent;
    expect(lastCell('viewUsers')).toBe('Role: Support');
    expect(lastCell('viewOrders')).toBe('Direct');
    expect(lastCell('editUsers')).toBe('—not held');
  });
});

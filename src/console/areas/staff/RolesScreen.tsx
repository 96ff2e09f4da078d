import { ActionIcon, Alert, Button, Group, Menu, Modal, Paper, Select, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Permission } from '../../../contract/permissions';
import type { PermissionMatrix as Matrix } from '../../../contract/staff';
import { api } from '../../api/client';
import { ValidationError, errorMessage } from '../../api/errors';
import { confirm } from '../../ui/confirm';
import { cellKey, PermissionMatrix, type EffectiveSource, type MatrixRole } from './PermissionMatrix';
import { useStaffOptions } from './staffOptions';

/**
 * Roles and permissions: the matrix of permissions (rows, by area) and roles
 * (columns), each cell saved when toggled; roles created, renamed and deleted here (a role in use
 * is deleted only after its members are moved to another role); and a member's effective
 * permissions — roles plus direct — shown beside the roles.
 */

const MATRIX_KEY = ['roles', 'matrix'] as const;
/** The API answers a role's permissions as `{id, name, group}`; the matrix reads their names. */
const asMatrixRole = (role: Matrix['roles'][number]): MatrixRole => ({ ...role, permissions: role.permissions.map((p) => p.name) });

export function RolesScreen() {
  const queryClient = useQueryClient();
  const matrix = useQuery({ queryKey: MATRIX_KEY, queryFn: ({ signal }) => api('rolesMatrix', { signal }) });
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());
  const [memberId, setMemberId] = useState<string | null>(null);
  const [editing, setEditing] = useState<MatrixRole | 'new' | null>(null);
  const [deleting, setDeleting] = useState<MatrixRole | null>(null);
  const staffOptions = useStaffOptions();
  const member = useQuery({
    queryKey: ['detail', 'staff', Number(memberId)],
    queryFn: ({ signal }) => api('staffShow', { params: { staffId: Number(memberId) }, signal }),
    enabled: memberId !== null,
  });

  const reloadAll = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: MATRIX_KEY }),
      queryClient.invalidateQueries({ queryKey: ['detail', 'staff'] }),
      queryClient.invalidateQueries({ queryKey: ['list', 'staff'] }),
    ]);

  const toggle = async (role: MatrixRole, permission: Permission, granted: boolean) => {
    const key = cellKey(role.id, permission);
    setPending((p) => new Set(p).add(key));
    // Shown at once; put back if the server refuses (the last member who can manage staff, say).
    const setCell = (on: boolean) =>
      queryClient.setQueryData<Matrix>(
        MATRIX_KEY,
        (m) =>
          m && {
            ...m,
            roles: m.roles.map((r) =>
              r.id === role.id
                ? {
                    ...r,
                    permissions: [
                      ...r.permissions.filter((x) => x.name !== permission),
                      ...(on ? m.groups.flatMap((g) => g.permissions).filter((p) => p.name === permission) : []),
                    ],
                  }
                : r,
            ),
          },
      );
    setCell(granted);
    try {
      await api('rolesTogglePermission', { params: { roleId: role.id }, body: { permission, granted } });
      if (memberId !== null) await queryClient.invalidateQueries({ queryKey: ['detail', 'staff', Number(memberId)] });
    } catch (error) {
      setCell(!granted);
      notifications.show({ color: 'red', title: 'Not changed', message: errorMessage(error) });
      throw error;
    } finally {
      setPending((p) => {
        const next = new Set(p);
        next.delete(key);
        return next;
      });
    }
  };

  if (matrix.isPending) return <Skeleton h={400} />;
  if (matrix.isError)
    return (
      <Alert color="red" role="alert">
        {errorMessage(matrix.error)}
      </Alert>
    );

  const effective =
    member.data && memberId !== null
      ? {
          name: member.data.name,
          effective: new Map<Permission, EffectiveSource>(member.data.effectivePermissions.map((p) => [p.name, { direct: p.direct, roles: p.roles }])),
        }
      : null;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          Roles and permissions
        </Title>
        <Group gap="sm" align="flex-end">
          <Select
            label="Effective permissions of"
            placeholder="Choose a member"
            searchable
            clearable
            data={staffOptions}
            value={memberId}
            onChange={setMemberId}
            w={280}
          />
          <Button onClick={() => setEditing('new')}>New role</Button>
        </Group>
      </Group>
      <Paper withBorder p="md">
        <PermissionMatrix
          groups={matrix.data.groups}
          roles={matrix.data.roles.map(asMatrixRole)}
          onToggle={toggle}
          pending={pending}
          member={effective}
          roleHeader={(role) => (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon variant="subtle" size="sm" aria-label={`Role ${role.name}: rename or delete`}>
                  <Text size="xs" component="span" aria-hidden="true">
                    ⋯
                  </Text>
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item onClick={() => setEditing(role)}>Rename</Menu.Item>
                <Menu.Item color="red" onClick={() => setDeleting(role)}>
                  Delete
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          )}
        />
      </Paper>
      <Text size="sm" c="dimmed">
        {matrix.data.roles.map((r) => `${r.name}: ${r.membersCount} member${r.membersCount === 1 ? '' : 's'}`).join(' · ')}
      </Text>
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={editing === 'new' ? 'New role' : `Rename role ${editing?.name ?? ''}`}>
        {editing !== null && (
          <RoleNameForm
            role={editing === 'new' ? null : editing}
            onDone={async () => {
              setEditing(null);
              await reloadAll();
            }}
            onCancel={() => setEditing(null)}
          />
        )}
      </Modal>
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title={`Delete role ${deleting?.name ?? ''}`}>
        {deleting !== null && (
          <DeleteRoleForm
            role={deleting}
            others={matrix.data.roles.filter((r) => r.id !== deleting.id).map(asMatrixRole)}
            membersCount={matrix.data.roles.find((r) => r.id === deleting.id)?.membersCount ?? 0}
            onDone={async () => {
              setDeleting(null);
              await reloadAll();
            }}
            onCancel={() => setDeleting(null)}
          />
        )}
      </Modal>
    </Stack>
  );
}

function RoleNameForm({ role, onDone, onCancel }: { role: MatrixRole | null; onDone: () => Promise<void>; onCancel: () => void }) {
  const [name, setName] = useState(role?.name ?? '');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setError(null);
    try {
      const answer = role
        ? await api('rolesUpdate', { params: { roleId: role.id }, body: { name, permissions: [...role.permissions] } })
        : await api('rolesStore', { body: { name, permissions: [] } });
      notifications.show({ color: 'teal', message: answer.message });
      await onDone();
    } catch (caught) {
      setError(caught instanceof ValidationError ? (caught.errors.name?.[0] ?? errorMessage(caught)) : errorMessage(caught));
    } finally {
      setSaving(false);
    }
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput label="Name" required data-autofocus value={name} onChange={(e) => setName(e.currentTarget.value)} error={error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            {role ? 'Save' : 'Create'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function DeleteRoleForm({
  role,
  others,
  membersCount,
  onDone,
  onCancel,
}: {
  role: MatrixRole;
  others: MatrixRole[];
  membersCount: number;
  onDone: () => Promise<void>;
  onCancel: () => void;
}) {
  const [moveTo, setMoveTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (membersCount === 0) {
      const ok = await confirm({
        title: 'Delete role',
        body: `Delete role ${role.name}?`,
        undoable: false,
        agree: 'Delete',
        disagree: 'Cancel',
        agreeColor: 'red',
      });
      if (!ok) return;
    }
    setSaving(true);
    setError(null);
    try {
      const answer = await api('rolesDestroy', { params: { roleId: role.id }, body: { move_to_role_id: moveTo ? Number(moveTo) : null } });
      notifications.show({ color: 'teal', message: answer.message });
      await onDone();
    } catch (caught) {
      setError(caught instanceof ValidationError ? (caught.errors.move_to_role_id?.[0] ?? errorMessage(caught)) : errorMessage(caught));
    } finally {
      setSaving(false);
    }
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {membersCount > 0 ? (
          <>
            <Text size="sm">
              {membersCount} member{membersCount === 1 ? ' holds' : 's hold'} this role. Choose the role they move to; then the role is deleted. This cannot be
              undone.
            </Text>
            <Select
              label="Move its members to"
              required
              data={others.map((r) => ({ value: String(r.id), label: r.name }))}
              value={moveTo}
              onChange={setMoveTo}
              error={error}
            />
          </>
        ) : (
          <>
            <Text size="sm">No member holds this role.</Text>
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" color="red" loading={saving}>
            Delete role
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

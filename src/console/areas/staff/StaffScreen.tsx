import { detailFallback } from '../../ui/DetailFallback';
import { Alert, Badge, Button, Group, Modal, Paper, PasswordInput, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { STAFF_STATUS_LABELS, type PasswordLink, type StaffDetail, type StaffUpdateBody } from '../../../contract/staff';
import { api } from '../../api/client';
import { errorMessage } from '../../api/errors';
import type { RecordScreenProps } from '../../resource/area';
import { RecordHistory } from '../../history/RecordHistory';
import { confirm } from '../../ui/confirm';
import { DateTime } from '../../ui/DateTime';
import { OneTimeValueAlert, useOneTime } from '../../ui/OneTimeValue';
import { StatusLabel } from '../../ui/StatusLabel';
import { groupLabel, permissionLabel } from './permissionLabels';
import { passwordLinkKey } from './resource';
import { StaffEditDialog } from './StaffDialogs';
import { staffSessionsKey, StaffSessionsPanel } from './StaffSessionsPanel';
import { useDialogSubmit, type DialogSubmitState } from '../../forms/useDialogSubmit';
import { RecordHeader } from '../../ui/RecordHeader';

/**
 * One staff member: roles, direct permissions and the effective permissions they make together
 * (with where each comes from); the password (a new one-time link, or typed twice); sign out
 * everywhere; deactivate and reactivate; the signed-in devices, each ended on its own, and a
 * two-factor reset. A one-time link is shown once, right after it was made.
 */

const statusTone = { active: 'active', invited: 'pending', deactivated: 'deactivated' } as const;

export function StaffScreen({ id }: RecordScreenProps) {
  const queryClient = useQueryClient();
  const [kept, setKept] = useOneTime(passwordLinkKey(id));
  const link: PasswordLink | null = kept ? (JSON.parse(kept) as PasswordLink) : null;
  const [dialog, setDialog] = useState<'edit' | 'password' | null>(null);
  const { state, reset, submit } = useDialogSubmit();
  const [busy, setBusy] = useState<string | null>(null);
  const detail = useQuery({ queryKey: ['detail', 'staff', id], queryFn: ({ signal }) => api('staffShow', { params: { staffId: id }, signal }) });

  const fallback = detailFallback(detail, { loading: 'Loading the staff member', title: 'Staff member' });
  if (fallback || !detail.data) return fallback;
  const member = detail.data;

  const refresh = async (next?: StaffDetail) => {
    if (next) queryClient.setQueryData(['detail', 'staff', id], next);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: ['list', 'staff'] }),
      queryClient.invalidateQueries({ queryKey: ['roles', 'matrix'] }),
      // Sign out everywhere, a new password and deactivation end sessions.
      queryClient.invalidateQueries({ queryKey: staffSessionsKey(id) }),
    ]);
  };

  const run = async (
    what: string,
    question: string | null,
    call: () => Promise<{ message: string; staff: StaffDetail; passwordLink?: PasswordLink | null }>,
  ) => {
    if (question && !(await confirm({ title: 'Confirm your move', body: question, agree: 'Proceed', disagree: 'Cancel' }))) return;
    setBusy(what);
    try {
      const answer = await call();
      if (answer.passwordLink) setKept(JSON.stringify(answer.passwordLink));
      notifications.show({ color: 'teal', message: answer.message });
      await refresh(answer.staff);
    } catch (error) {
      notifications.show({ color: 'red', title: 'Not done', message: errorMessage(error) });
    } finally {
      setBusy(null);
    }
  };

  const submitDialog = (call: () => Promise<{ message: string; staff: StaffDetail }>) =>
    submit(call, async (answer) => {
      setDialog(null);
      await refresh(answer.staff);
    });

  const deactivated = member.status === 'deactivated';
  return (
    <Stack gap="lg">
      <RecordHeader
        back={{ to: '/staff', label: 'Staff' }}
        title={member.name}
        status={<StatusLabel value={statusTone[member.status]} text={STAFF_STATUS_LABELS[member.status]} />}
        description={<Text>{member.email}</Text>}
        actions={
          <Group gap="sm">
            <Button
              variant="default"
              onClick={() => {
                reset();
                setDialog('edit');
              }}
            >
              Edit
            </Button>
            <Button
              variant="default"
              onClick={() => {
                reset();
                setDialog('password');
              }}
            >
              Set password
            </Button>
            <Button
              variant="default"
              loading={busy === 'link'}
              onClick={() =>
                run('link', member.passwordLinkExpiresAt ? 'Make a new one-time link? The earlier link stops working.' : null, () =>
                  api('staffPasswordLink', { params: { staffId: id } }),
                )
              }
            >
              New password link
            </Button>
            <Button
              variant="default"
              loading={busy === 'signout'}
              onClick={() =>
                run('signout', `End every session of ${member.name}? They sign in again to continue.`, () =>
                  api('staffSignOutEverywhere', { params: { staffId: id } }),
                )
              }
            >
              Sign out everywhere
            </Button>
            {deactivated ? (
              <Button loading={busy === 'activate'} onClick={() => run('activate', null, () => api('staffActivate', { params: { staffId: id } }))}>
                Reactivate
              </Button>
            ) : (
              <Button
                color="red"
                disabled={!member.deactivatable}
                loading={busy === 'deactivate'}
                onClick={() =>
                  run('deactivate', `Deactivate ${member.name}? Their sessions end at once and they cannot sign in until reactivated.`, () =>
                    api('staffDeactivate', { params: { staffId: id } }),
                  )
                }
              >
                Deactivate
              </Button>
            )}
          </Group>
        }
      />
      {link && (
        <OneTimeValueAlert title="One-time password link" value={link.url} onDismiss={() => setKept(null)}>
          <Text size="sm">
            {link.mail} It works once, until <DateTime value={link.expiresAt} />.
          </Text>
        </OneTimeValueAlert>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Paper withBorder p="md">
          <Table variant="vertical" withRowBorders={false}>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w={200}>Roles</Table.Th>
                <Table.Td>
                  <Group gap={4}>
                    {member.roles.length ? (
                      member.roles.map((r) => (
                        <Badge key={r.id} variant="light" color="gray">
                          {r.name}
                        </Badge>
                      ))
                    ) : (
                      <Text size="sm" c="dimmed">
                        None
                      </Text>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Direct permissions</Table.Th>
                <Table.Td>
                  {member.permissions.length ? (
                    member.permissions.map(permissionLabel).join(', ')
                  ) : (
                    <Text size="sm" c="dimmed" span>
                      None
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Password</Table.Th>
                <Table.Td>
                  {member.passwordIsSet ? 'Set' : 'Not set yet'}
                  {member.passwordLinkExpiresAt && (
                    <Text size="sm" c="dimmed">
                      A one-time link is waiting, until <DateTime value={member.passwordLinkExpiresAt} />.
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Created</Table.Th>
                <Table.Td>
                  <DateTime value={member.createdAt} />
                </Table.Td>
              </Table.Tr>
              {member.deactivatedAt && (
                <Table.Tr>
                  <Table.Th>Deactivated</Table.Th>
                  <Table.Td>
                    <DateTime value={member.deactivatedAt} />
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </Paper>
        <Paper withBorder p="md" component="section" aria-labelledby="effective-heading">
          <Title order={2} size="h4" id="effective-heading" mb="xs">
            Effective permissions
          </Title>
          {member.effectivePermissions.length === 0 ? (
            <Text c="dimmed" size="sm">
              None: this member can open Home only.
            </Text>
          ) : (
            <Table aria-labelledby="effective-heading">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Area</Table.Th>
                  <Table.Th>Permission</Table.Th>
                  <Table.Th>From</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {member.effectivePermissions.map((p) => (
                  <Table.Tr key={p.name}>
                    <Table.Td>{groupLabel(p.group)}</Table.Td>
                    <Table.Td>{permissionLabel(p.name)}</Table.Td>
                    <Table.Td>{[p.direct ? 'Direct' : null, ...p.roles.map((r) => `Role ${r}`)].filter(Boolean).join(', ')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Paper>
      </SimpleGrid>
      <StaffSessionsPanel staffId={id} name={member.name} />
      <Modal opened={dialog === 'edit'} onClose={() => setDialog(null)} title={`Edit ${member.name}`} size="lg">
        {dialog === 'edit' && (
          <StaffEditDialog
            row={member}
            rows={[member]}
            onSubmit={(body: StaffUpdateBody) => submitDialog(() => api('staffUpdate', { params: { staffId: id }, body }))}
            onCancel={() => setDialog(null)}
            errors={state.errors}
            errorMessage={state.message}
            submitting={state.submitting}
          />
        )}
      </Modal>
      <Modal opened={dialog === 'password'} onClose={() => setDialog(null)} title={`Set the password of ${member.name}`}>
        {dialog === 'password' && (
          <PasswordForm
            state={state}
            onCancel={() => setDialog(null)}
            onSubmit={(body) => submitDialog(() => api('staffSetPassword', { params: { staffId: id }, body }))}
          />
        )}
      </Modal>
      <RecordHistory type="staff_member" id={id} />
    </Stack>
  );
}

function PasswordForm({
  state,
  onSubmit,
  onCancel,
}: {
  state: DialogSubmitState;
  onSubmit: (body: { password: string; password_confirmation: string }) => Promise<boolean>;
  onCancel: () => void;
}) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit({ password, password_confirmation: confirmation });
      }}
    >
      <Stack>
        <PasswordInput
          label="Password"
          required
          data-autofocus
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={state.errors?.password?.[0]}
        />
        <PasswordInput
          label="Repeat the password"
          required
          autoComplete="new-password"
          value={confirmation}
          onChange={(e) => setConfirmation(e.currentTarget.value)}
          error={state.errors?.password_confirmation?.[0]}
        />
        <Text size="sm" c="dimmed">
          The member's sessions end: they sign in again with the new password.
        </Text>
        {state.message && !state.errors && (
          <Alert color="red" role="alert">
            {state.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={state.submitting}>
            Set password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

import { Select, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { UserDetail } from '../../../contract/users';
import { api } from '../../api/client';
import { formatMoney, percentText } from '../../ui/format';
import { gradesAvailableQueryOptions } from './queries';
import { PanelFormFooter, ProfilePanel } from './ProfilePanel';
import { useProfileForm } from './useProfileForm';

/** Change grade: shown only to members who may see grades; saving needs editUsers too. */
export function GradePanel({ user, canEdit }: { user: UserDetail; canEdit: boolean }) {
  const grades = useQuery(gradesAvailableQueryOptions());
  const { form, submit, submitting, error } = useProfileForm<{ gradeId: string | null }>({
    userId: user.id,
    successTitle: 'Grade changed',
    initialValues: { gradeId: user.currentGrade ? String(user.currentGrade.id) : null },
    send: (v) => api('usersChangeGrade', { body: { userId: user.id, gradeId: v.gradeId ? Number(v.gradeId) : null } }),
  });
  const options = (grades.data ?? []).map((g) => ({
    value: String(g.id),
    label: `${g.name} — ${percentText(g.discountPercent, { decimals: 2 })} from ${formatMoney(g.spendingGoal)}`,
  }));
  if (user.currentGrade && !options.some((o) => o.value === String(user.currentGrade!.id))) {
    options.unshift({ value: String(user.currentGrade.id), label: user.currentGrade.name });
  }
  return (
    <ProfilePanel title="Grade">
      <form onSubmit={submit} noValidate>
        <Text size="sm" mb="xs">
          Current grade: {user.currentGrade?.name ?? 'none'}
        </Text>
        <Select
          label="Grade"
          placeholder={grades.isLoading ? 'Loading…' : 'No grade'}
          data={options}
          clearable
          disabled={!canEdit}
          nothingFoundMessage="No grades"
          mb="sm"
          {...form.getInputProps('gradeId')}
        />
        {canEdit && <PanelFormFooter error={error} submitting={submitting} label="Change grade" />}
      </form>
    </ProfilePanel>
  );
}

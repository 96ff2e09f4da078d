import { detailFallback } from '../../ui/DetailFallback';
import { Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type PackageBody, type PackageDetail } from '../../../contract/storefront';
import { api } from '../../api/client';
import type { RecordScreenProps } from '../../resource/area';
import { FormScreen } from '../../forms/FormScreen';
import { RecordHistory } from '../../history/RecordHistory';
import { listKeyPrefix } from '../../list/listQuery';
import { StatusLabel } from '../../ui/StatusLabel';
import { packageQuery } from './queries';
import { packagesResource } from './resource';
import { RecordActions } from '../../actions/RecordActions';
import { RecordHeader } from '../../ui/RecordHeader';
import { PackageFields, usePackageForm } from './PackageForm';

/** The package's screen (/packages/:id): its fields, saved in place (./PackageForm.tsx), its state, archive or restore, and its history. */
export function PackageScreen({ id }: RecordScreenProps) {
  const query = useQuery(packageQuery(id));
  const fallback = detailFallback(query, { loading: 'Loading the package', title: 'Package' });
  if (fallback || !query.data) return fallback;
  return (
    <Stack gap="md">
      <PackageHeader detail={query.data} />
      <PackageEditForm key={`${query.data.id}:${query.data.updatedAt}`} detail={query.data} />
      <RecordHistory type="package" id={id} />
    </Stack>
  );
}

function PackageHeader({ detail }: { detail: PackageDetail }) {
  return (
    <RecordHeader
      back={{ to: '/packages', label: 'Packages' }}
      title={detail.name}
      status={
        detail.isArchived ? (
          <StatusLabel value="archived" text="Archived" />
        ) : (
          <StatusLabel value={detail.isEnabled ? 'active' : 'disabled'} text={detail.isEnabled ? 'Enabled' : 'Disabled'} />
        )
      }
      description={
        detail.provider && (
          <Text size="sm" c="dimmed">
            from {detail.provider.name}
            {detail.sync ? ' (kept in sync)' : ''}
          </Text>
        )
      }
      actions={<RecordActions resource={packagesResource} row={detail} label="Package actions" />}
    />
  );
}

function PackageEditForm({ detail }: { detail: PackageDetail }) {
  const queryClient = useQueryClient();
  const form = usePackageForm(detail);
  const known = new Map(detail.items.map((i) => [String(i.service.id), { name: i.service.name, serviceType: i.service.serviceType }]));
  const save = async (body: PackageBody) => {
    const answer = await api('packagesUpdate', { params: { packageId: detail.id }, body });
    notifications.show({ color: 'teal', title: 'Package saved', message: answer.message });
    queryClient.setQueryData(packageQuery(detail.id).queryKey, answer.package);
    await queryClient.invalidateQueries({ queryKey: listKeyPrefix('packages') });
  };
  return (
    <FormScreen form={form} onSubmit={save}>
      <PackageFields form={form} known={known} />
    </FormScreen>
  );
}

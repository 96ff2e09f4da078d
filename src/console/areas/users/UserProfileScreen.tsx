import { Alert, Anchor, Button, Group, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { UserDetail } from '../../../contract/users';
import { availableActions } from '../../actions/available';
import { useRunAction } from '../../actions/useRunAction';
import { ApiError, errorMessage } from '../../api/errors';
import { useListEngine } from '../../list/engineContext';
import { StatusLabel } from '../../ui/StatusLabel';
import { AffiliatesPanel } from './AffiliatesPanel';
import { ApiKeyPanel } from './ApiKeyPanel';
import { CustomPricesPanel } from './CustomPricesPanel';
import { DiscountPanel } from './DiscountPanel';
import { GradePanel } from './GradePanel';
import { LedgerPanel } from './LedgerPanel';
import { PaymentMethodsPanel } from './PaymentMethodsPanel';
import { ProfileDetails } from './ProfileDetails';
import { userDetailQueryOptions } from './queries';
import { usersResource } from './resource';
import { RolesPanel } from './RolesPanel';
import { SellerPanel } from './SellerPanel';
import { UserRecordLinks } from './UserRecordLinks';
import { VerificationDocumentsPanel } from './VerificationDocumentsPanel';
import type { RecordScreenProps } from '../../resource/area';
import { RecordHistory } from '../../history/RecordHistory';
import { RecordHeader } from '../../ui/RecordHeader';

/** '/users/$userId': the user profile and everything staff may change about the user. */
export function UserProfileScreen({ id: userId }: RecordScreenProps) {
  const valid = Number.isInteger(userId) && userId > 0;
  const query = useQuery({ ...userDetailQueryOptions(userId), enabled: valid });

  if (!valid) return <NotFound text={`"${String(userId)}" is not a user id.`} />;
  if (query.isLoading) {
    return (
      <Stack gap="md" role="status" aria-busy="true" aria-label="Loading user">
        <Skeleton height={36} width={320} />
        <Skeleton height={180} />
        <Skeleton height={120} />
      </Stack>
    );
  }
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) return <NotFound text={`User ${userId} does not exist.`} />;
    return (
      <Alert color="red" title="The user could not be loaded" role="alert">
        {errorMessage(query.error)}
        <Group mt="sm">
          <Button size="xs" variant="light" onClick={() => void query.refetch()}>
            Retry
          </Button>
        </Group>
      </Alert>
    );
  }
  return query.data ? <UserProfile user={query.data} /> : null;
}

function NotFound({ text }: { text: string }) {
  return (
    <Alert color="yellow" title="User not found">
      {text}{' '}
      <Anchor component={Link} to="/users">
        Back to users
      </Anchor>
    </Alert>
  );
}

function UserProfile({ user }: { user: UserDetail }) {
  const { can } = useListEngine();
  const run = useRunAction();
  // The same declaration as the list: permissions, server flags and hidden rules in one place.
  const actions = availableActions(usersResource, user, can);
  const canEdit = can('editUsers');
  const seesGrades = can('viewGrades') || can('manageGrades');

  return (
    <Stack gap="md">
      <RecordHeader
        back={{ to: '/users', label: 'Users' }}
        title={user.name || user.email}
        status={<StatusLabel value={user.status} />}
        description={<UserRecordLinks userId={user.id} />}
        actions={
          <Group gap="xs" role="group" aria-label="User actions">
            {actions.map(({ action, enabled, reason }) => (
              <Button
                key={action.id}
                // Filled in a deep shade, with the theme's automatic text contrast: a light yellow
                // "Freeze" or a white-on-red "Deactivate" at the default shade reads below 4.5:1.
                variant={action.id === 'edit' ? 'default' : 'filled'}
                color={action.color ? `${action.color}.9` : undefined}
                disabled={!enabled}
                title={reason}
                aria-keyshortcuts={action.shortcut}
                onClick={() => void run.row(usersResource, action.id, user)}
              >
                {action.label}
              </Button>
            ))}
          </Group>
        }
      />

      <ProfileDetails user={user} showGrade={can('viewGrades')} />
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <SellerPanel key={`seller-${user.updatedAt}`} user={user} canEdit={canEdit} />
        {seesGrades && <GradePanel key={`grade-${user.updatedAt}`} user={user} canEdit={canEdit} />}
        <DiscountPanel userId={user.id} canEdit={canEdit} />
        <PaymentMethodsPanel key={`pm-${user.updatedAt}`} user={user} canEdit={canEdit} />
        <ApiKeyPanel user={user} canEdit={canEdit} />
      </SimpleGrid>
      <RolesPanel key={`roles-${user.updatedAt}`} user={user} canEdit={canEdit} />
      <CustomPricesPanel userId={user.id} canEdit={canEdit} />
      {can('viewFinances') && <LedgerPanel userId={user.id} email={user.email} />}
      <AffiliatesPanel userId={user.id} />
      <VerificationDocumentsPanel userId={user.id} />
      <RecordHistory type="user" id={user.id} />
    </Stack>
  );
}

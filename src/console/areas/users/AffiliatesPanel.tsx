import { Anchor, Group, Loader, Pagination, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { UserRow } from '../../../contract/users';
import { errorMessage } from '../../api/errors';
import { CostLabel } from '../../ui/CostLabel';
import { DateTime } from '../../ui/DateTime';
import { SmallTable, type SmallTableColumn } from '../../ui/SmallTable';
import { StatusLabel } from '../../ui/StatusLabel';
import { ProfilePanel } from './ProfilePanel';
import { userAffiliatesQueryOptions } from './queries';

const PER_PAGE = 10;

const AFFILIATE_COLUMNS: SmallTableColumn<UserRow>[] = [
  {
    header: 'ID',
    render: (u) => (
      <Anchor component={Link} to={`/users/${u.id}`} size="sm">
        {u.id}
      </Anchor>
    ),
  },
  { header: 'Email', render: (u) => u.email },
  { header: 'Name', render: (u) => u.name },
  { header: 'Spent', render: (u) => <CostLabel value={u.spent} /> },
  { header: 'Status', render: (u) => <StatusLabel value={u.status} size="sm" /> },
  { header: 'Created', render: (u) => <DateTime value={u.createdAt} /> },
];

/**
 * Users this user referred, paged. The endpoint pages by `page`/`perPage` query params (not the
 * table protocol), so it is a plain paged list rather than a ResourceTable.
 */
export function AffiliatesPanel({ userId }: { userId: number }) {
  const [page, setPage] = useState(1);
  const query = useQuery({ ...userAffiliatesQueryOptions(userId, page, PER_PAGE), placeholderData: keepPreviousData });
  const total = query.data?.totalItemsCount ?? 0;
  const pages = Math.max(1, Math.ceil(total / PER_PAGE));
  return (
    <ProfilePanel title="Affiliates">
      {query.isLoading ? (
        <Loader size="sm" aria-label="Loading affiliates" />
      ) : query.isError ? (
        <Text c="red" role="alert">
          {errorMessage(query.error)}
        </Text>
      ) : total === 0 ? (
        <Text c="dimmed">No referred users.</Text>
      ) : (
        <>
          <SmallTable striped label="Affiliates" minWidth={560} columns={AFFILIATE_COLUMNS} rows={query.data!.items} rowKey={(u) => u.id} />
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {total} referred {total === 1 ? 'user' : 'users'}
            </Text>
            {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} size="sm" aria-label="Affiliates pages" />}
          </Group>
        </>
      )}
    </ProfilePanel>
  );
}

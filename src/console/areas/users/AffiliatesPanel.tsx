import { Anchor, Group, Loader, Pagination, Table, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { errorMessage } from '../../api/errors';
import { CostLabel } from '../../ui/CostLabel';
import { DateTime } from '../../ui/DateTime';
import { StatusLabel } from '../../ui/StatusLabel';
import { ProfilePanel } from './ProfilePanel';
import { userAffiliatesQueryOptions } from './queries';

const PER_PAGE = 10;

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
          <Table.ScrollContainer minWidth={560}>
            <Table striped aria-label="Affiliates">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>ID</Table.Th>
                  <Table.Th>Email</Table.Th>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Spent</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Created</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {query.data!.items.map((u) => (
                  <Table.Tr key={u.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/users/${u.id}`} size="sm">
                        {u.id}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{u.email}</Table.Td>
                    <Table.Td>{u.name}</Table.Td>
                    <Table.Td>
                      <CostLabel value={u.spent} />
                    </Table.Td>
                    <Table.Td>
                      <StatusLabel value={u.status} size="sm" />
                    </Table.Td>
                    <Table.Td>
                      <DateTime value={u.createdAt} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
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

import { Loader, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../api/errors';
import { DateTime } from '../../ui/DateTime';
import { humanize } from '../../ui/format';
import { StatusLabel } from '../../ui/StatusLabel';
import { ProfilePanel } from './ProfilePanel';
import { verificationDocumentsQueryOptions } from './queries';

export function VerificationDocumentsPanel({ userId }: { userId: number }) {
  const docs = useQuery(verificationDocumentsQueryOptions(userId));
  return (
    <ProfilePanel title="Verification documents">
      {docs.isLoading ? (
        <Loader size="sm" aria-label="Loading verification documents" />
      ) : docs.isError ? (
        <Text c="red" role="alert">
          {errorMessage(docs.error)}
        </Text>
      ) : (docs.data ?? []).length === 0 ? (
        <Text c="dimmed">No verification documents.</Text>
      ) : (
        <Table striped aria-label="Verification documents">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>ID</Table.Th>
              <Table.Th>Type</Table.Th>
              <Table.Th>File</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Uploaded</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {docs.data!.map((d) => (
              <Table.Tr key={d.id}>
                <Table.Td>{d.id}</Table.Td>
                <Table.Td>{humanize(d.type)}</Table.Td>
                <Table.Td>{d.fileName}</Table.Td>
                <Table.Td>
                  <StatusLabel value={d.status} size="sm" />
                </Table.Td>
                <Table.Td>
                  <DateTime value={d.createdAt} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </ProfilePanel>
  );
}

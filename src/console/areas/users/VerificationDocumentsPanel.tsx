import { Loader, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { verificationDocumentSchema } from '../../../contract/users';
import { errorMessage } from '../../api/errors';
import { DateTime } from '../../ui/DateTime';
import { humanize } from '../../ui/format';
import { SmallTable, type SmallTableColumn } from '../../ui/SmallTable';
import { StatusLabel } from '../../ui/StatusLabel';
import { ProfilePanel } from './ProfilePanel';
import { verificationDocumentsQueryOptions } from './queries';

const DOCUMENT_COLUMNS: SmallTableColumn<z.infer<typeof verificationDocumentSchema>>[] = [
  { header: 'ID', render: (d) => d.id },
  { header: 'Type', render: (d) => humanize(d.type) },
  { header: 'File', render: (d) => d.fileName },
  { header: 'Status', render: (d) => <StatusLabel value={d.status} size="sm" /> },
  { header: 'Uploaded', render: (d) => <DateTime value={d.createdAt} /> },
];

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
        <SmallTable striped label="Verification documents" columns={DOCUMENT_COLUMNS} rows={docs.data!} rowKey={(d) => d.id} />
      )}
    </ProfilePanel>
  );
}

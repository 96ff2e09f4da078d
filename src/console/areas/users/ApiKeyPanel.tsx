import { Button, Group, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { UserDetail } from '../../../contract/users';
import { api } from '../../api/client';
import { errorMessage } from '../../api/errors';
import { confirm } from '../../ui/confirm';
import { DateTime } from '../../ui/DateTime';
import { OneTimeValueAlert } from '../../ui/OneTimeValue';
import { ProfilePanel } from './ProfilePanel';
import { userDetailKey } from './queries';

/**
 * The customer's key for the customer API (their storefront's and their own scripts'): whether one
 * was issued, when it was last used, and a new one on request. Only the key's last characters are
 * ever shown again; the new key is shown once, in memory only.
 */
export function ApiKeyPanel({ user, canEdit }: { user: UserDetail; canEdit: boolean }) {
  const queryClient = useQueryClient();
  const [issued, setIssued] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const key = user.apiKey;

  const issue = async () => {
    setError(null);
    const agreed = await confirm({
      title: key ? 'Replace the API key?' : 'Issue an API key?',
      body: key
        ? `The key ending in ${key.hint} stops working at once: ${user.email}'s scripts and storefront need the new one.`
        : `${user.email} gets a key for the customer API.`,
      agree: key ? 'Replace key' : 'Issue key',
      disagree: 'Cancel',
      agreeColor: key ? 'red' : undefined,
      undoable: key ? 'The old key cannot be brought back.' : false,
      onAgree: async () => {
        const answer = await api('usersIssueApiKey', { params: { userId: user.id } });
        setIssued(answer.key);
      },
    }).catch((e: unknown) => {
      setError(errorMessage(e));
      return false;
    });
    if (agreed) await queryClient.invalidateQueries({ queryKey: userDetailKey(user.id) });
  };

  return (
    <ProfilePanel title="API key">
      {key ? (
        <Text size="sm">
          Key ending in <strong>{key.hint}</strong>, issued <DateTime value={key.createdAt} />;{' '}
          {key.lastUsedAt ? (
            <>
              last used <DateTime value={key.lastUsedAt} />.
            </>
          ) : (
            'not used yet.'
          )}
        </Text>
      ) : (
        <Text size="sm">No key issued: the customer cannot use the API.</Text>
      )}
      {issued && <OneTimeValueAlert title="New API key" value={issued} onDismiss={() => setIssued(null)} />}
      {error && (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      )}
      {canEdit && (
        <Group>
          <Button size="xs" variant="default" onClick={() => void issue()}>
            {key ? 'Replace key…' : 'Issue key…'}
          </Button>
        </Group>
      )}
    </ProfilePanel>
  );
}

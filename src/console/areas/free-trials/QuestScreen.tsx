import { Anchor, Badge, Card, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { FREE_TRIAL_QUEST_KIND_LABELS } from '../../../contract/free-trials';
import type { RecordScreenProps } from '../../resource/area';
import { api } from '../../api/client';
import { RecordHistory } from '../../history/RecordHistory';
import { AppLink, Dash } from '../../table/cells';
import { detailKeyPrefix } from '../../list/listQuery';
import { DateTime } from '../../ui/DateTime';
import { detailFallback } from '../../ui/DetailFallback';
import { formatNumber } from '../../ui/format';
import { StatusLabel } from '../../ui/StatusLabel';
import { RecordActions } from '../../actions/RecordActions';
import { Field } from '../../ui/Field';
import { questsResource } from './resource';
import { RecordHeader } from '../../ui/RecordHeader';

/** One free-trial quest: the task, its reward, its requests, its actions and its history. */
export function QuestScreen({ id }: RecordScreenProps) {
  const query = useQuery({
    queryKey: [...detailKeyPrefix(questsResource.name), id],
    queryFn: ({ signal }) => api('freeTrialQuestsShow', { params: { questId: id }, signal }),
  });
  const fallback = detailFallback(query, { loading: 'Loading the quest', title: `Free-trial quest ${id}` });
  if (fallback || !query.data) return fallback;
  const q = query.data;
  return (
    <Stack gap="md">
      <RecordHeader
        back={{ to: '/quests', label: 'Free-trial quests' }}
        title={q.name}
        status={
          <>
            <StatusLabel value={q.isEnabled ? 'active' : 'disabled'} text={q.isEnabled ? 'Offered' : 'Not offered'} />
            {q.isArchived && (
              <Badge variant="light" color="gray">
                Archived
              </Badge>
            )}
          </>
        }
        actions={<RecordActions resource={questsResource} row={q} label="Quest actions" />}
      />
      <Card withBorder component="section" aria-label="Quest details">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md">
          <Field label="Task">{FREE_TRIAL_QUEST_KIND_LABELS[q.kind]}</Field>
          <Field label="Task link">
            {q.taskUrl ? (
              <Anchor href={q.taskUrl} target="_blank" rel="noreferrer noopener" size="sm" style={{ wordBreak: 'break-all' }}>
                {q.taskUrl}
              </Anchor>
            ) : (
              <Dash />
            )}
          </Field>
          <Field label="Free service">{q.service?.name ?? <Dash />}</Field>
          <Field label="Quantity">{formatNumber(q.quantity)}</Field>
          <Field label="Requests per customer">{formatNumber(q.perUserLimit)}</Field>
          <Field label="Requests">
            <AppLink to={`/requests?quest.name=${q.id}&status=`}>{formatNumber(q.requestsCount)}</AppLink>
          </Field>
          <Field label="Pending">{formatNumber(q.pendingCount)}</Field>
          <Field label="Created">
            <DateTime value={q.createdAt} />
          </Field>
        </SimpleGrid>
        {q.description && (
          <Text size="sm" mt="md">
            {q.description}
          </Text>
        )}
      </Card>
      <RecordHistory type="free_trial_quest" id={q.id} />
    </Stack>
  );
}

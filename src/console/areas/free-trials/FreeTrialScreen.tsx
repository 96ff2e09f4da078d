import { Anchor, Badge, Card, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { FREE_TRIAL_STATUS_LABELS } from '../../../contract/free-trials';
import type { RecordScreenProps } from '../../resource/area';
import { api } from '../../api/client';
import { RecordHistory } from '../../history/RecordHistory';
import { AppLink, Dash, UserLink } from '../../table/cells';
import { detailKeyPrefix } from '../../list/listQuery';
import { DateTime } from '../../ui/DateTime';
import { detailFallback } from '../../ui/DetailFallback';
import { formatNumber } from '../../ui/format';
import { StatusLabel } from '../../ui/StatusLabel';
import { RecordActions } from '../../actions/RecordActions';
import { Field } from '../../ui/Field';
import { freeTrialsResource } from './resource';
import { RecordHeader } from '../../ui/RecordHeader';

/** One free-trial request: its terms, the decision, the free order, its actions and its history. */
export function FreeTrialScreen({ id }: RecordScreenProps) {
  const query = useQuery({
    queryKey: [...detailKeyPrefix(freeTrialsResource.name), id],
    queryFn: ({ signal }) => api('freeTrialsShow', { params: { freeTrialId: id }, signal }),
  });
  const fallback = detailFallback(query, { loading: 'Loading the free trial', title: `Free trial ${id}` });
  if (fallback || !query.data) return fallback;
  const r = query.data;
  return (
    <Stack gap="md">
      <RecordHeader
        back={{ to: '/requests', label: 'Free-trial requests' }}
        title={`Free trial ${r.id}`}
        status={
          <>
            <StatusLabel value={r.status} text={FREE_TRIAL_STATUS_LABELS[r.status]} />
            {r.isArchived && (
              <Badge variant="light" color="gray">
                Archived
              </Badge>
            )}
          </>
        }
        actions={<RecordActions resource={freeTrialsResource} row={r} label="Free-trial actions" />}
      />
      <Card withBorder component="section" aria-label="Free-trial details">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md">
          <Field label="User">
            <UserLink user={r.user} />
          </Field>
          <Field label="Service">{r.service?.name ?? <Dash />}</Field>
          <Field label="Quantity">{formatNumber(r.quantity)}</Field>
          <Field label="Quest">{r.quest ? <AppLink to={`/quests/${r.quest.id}`}>{r.quest.name}</AppLink> : <Dash />}</Field>
          <Field label="URL">
            <Anchor href={r.url} target="_blank" rel="noreferrer noopener" size="sm" style={{ wordBreak: 'break-all' }}>
              {r.url}
            </Anchor>
          </Field>
          <Field label="Requested">
            <DateTime value={r.createdAt} />
          </Field>
          <Field label="Decided">
            {r.decidedAt ? (
              <Text size="sm">
                <DateTime value={r.decidedAt} /> {r.decidedBy ? `by ${r.decidedBy.name}` : ''}
              </Text>
            ) : (
              <Dash />
            )}
          </Field>
          <Field label="Free order">{r.orderId ? <AppLink to={`/orders/${r.orderId}`}>Order {r.orderId}</AppLink> : <Dash />}</Field>
          <Field label="Comment">{r.comment ?? <Dash />}</Field>
          <Field label="Reason">{r.adminNote ?? <Dash />}</Field>
        </SimpleGrid>
      </Card>
      <RecordHistory type="free_trial_request" id={r.id} />
    </Stack>
  );
}

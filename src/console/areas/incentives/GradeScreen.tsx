import { Badge, Card, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { RecordScreenProps } from '../../resource/area';
import { api } from '../../api/client';
import { RecordHistory } from '../../history/RecordHistory';
import { AppLink, Dash } from '../../table/cells';
import { detailKeyPrefix } from '../../list/listQuery';
import { DateTime } from '../../ui/DateTime';
import { detailFallback } from '../../ui/DetailFallback';
import { Money } from '../../ui/Money';
import { formatNumber, percentText } from '../../ui/format';
import { RecordActions } from '../../actions/RecordActions';
import { Field } from '../../ui/Field';
import { gradesResource } from './resource';
import { RecordHeader } from '../../ui/RecordHeader';

/** One grade of the loyalty program: its terms, translations, customers (a link to the filtered users list), actions and history. */
export function GradeScreen({ id }: RecordScreenProps) {
  const query = useQuery({
    queryKey: [...detailKeyPrefix(gradesResource.name), id],
    queryFn: ({ signal }) => api('gradesShow', { params: { gradeId: id }, signal }),
  });
  const fallback = detailFallback(query, { loading: 'Loading the grade', title: `Grade ${id}` });
  if (fallback || !query.data) return fallback;
  const g = query.data;
  return (
    <Stack gap="md">
      <RecordHeader
        back={{ to: '/loyalty-program', label: 'Loyalty program' }}
        title={g.name}
        status={
          g.isArchived && (
            <Badge variant="light" color="gray">
              Archived
            </Badge>
          )
        }
        actions={<RecordActions resource={gradesResource} row={g} label="Grade actions" />}
      />
      <Card withBorder component="section" aria-label="Grade details">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md">
          <Field label="Spending goal">
            <Money value={g.spendingGoal} />
          </Field>
          <Field label="Discount">{percentText(g.discountPercent)}</Field>
          <Field label="Thumbnail period">{g.thumbnailPeriod === null ? <Dash /> : `${g.thumbnailPeriod} days`}</Field>
          <Field label="Consultation chat period">{g.consultationChatPeriod === null ? <Dash /> : `${g.consultationChatPeriod} days`}</Field>
          <Field label="Closed sales">{g.availableClosedSales ? 'Available' : 'Not available'}</Field>
          <Field label="Personal manager">{g.availablePersonalManager ? 'Available' : 'Not available'}</Field>
          <Field label="Icon">{g.icon ?? <Dash />}</Field>
          <Field label="Created">
            <DateTime value={g.createdAt} />
          </Field>
          <Field label="Customers">
            <AppLink to={`/users?currentGrade.name=${g.id}`}>{formatNumber(g.usersCount)} with this grade</AppLink>
          </Field>
        </SimpleGrid>
        <Text size="xs" c="dimmed" mt="md">
          Names:{' '}
          {Object.entries(g.translations)
            .map(([locale, t]) => `${locale}: ${t.name}`)
            .join(' · ') || 'none'}
        </Text>
      </Card>
      <RecordHistory type="grade" id={g.id} />
    </Stack>
  );
}

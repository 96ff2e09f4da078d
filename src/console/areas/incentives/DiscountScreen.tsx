import { Anchor, Badge, Button, Card, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { DISCOUNT_STATUS_LABELS } from '../../../contract/incentives';
import type { RecordScreenProps } from '../../resource/area';
import { api } from '../../api/client';
import { RecordHistory } from '../../history/RecordHistory';
import { detailKeyPrefix } from '../../list/listQuery';
import { DateTime } from '../../ui/DateTime';
import { detailFallback } from '../../ui/DetailFallback';
import { StatusLabel } from '../../ui/StatusLabel';
import { RecordActions } from '../../actions/RecordActions';
import { Field } from '../../ui/Field';
import { previewPath } from './previewPath';
import { discountsResource } from './resource';
import { RecordHeader } from '../../ui/RecordHeader';
import { percentText } from '../../ui/format';
import { SmallTable } from '../../ui/SmallTable';

/** One discount: dates, where it applies, its services with their percentages, actions and history. */
export function DiscountScreen({ id }: RecordScreenProps) {
  const query = useQuery({
    queryKey: [...detailKeyPrefix(discountsResource.name), id],
    queryFn: ({ signal }) => api('discountsShow', { params: { discountId: id }, signal }),
  });
  const fallback = detailFallback(query, { loading: 'Loading the discount', title: `Discount ${id}` });
  if (fallback || !query.data) return fallback;
  const d = query.data;
  return (
    <Stack gap="md">
      <RecordHeader
        back={{ to: '/discounts', label: 'Discounts' }}
        title={d.name}
        status={
          <>
            <StatusLabel value={d.status} text={DISCOUNT_STATUS_LABELS[d.status]} />
            {d.isRunning && (
              <Badge variant="light" color="teal">
                Running now
              </Badge>
            )}
          </>
        }
        actions={<RecordActions resource={discountsResource} row={d} label="Discount actions" />}
      />
      <Card withBorder component="section" aria-label="Discount details">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md">
          <Field label="Valid from">
            <DateTime value={d.validFrom} />
          </Field>
          <Field label="Valid to">
            <DateTime value={d.validTo} />
          </Field>
          <Field label="Applies to">{d.countries.length ? `Customers in ${d.countries.join(', ')} (local)` : 'Every customer (global)'}</Field>
          <Field label="Created">
            <DateTime value={d.createdAt} />
          </Field>
        </SimpleGrid>
      </Card>
      <Card withBorder component="section" aria-label="Discounted services">
        <Text fw={500} mb="xs">
          Services ({d.services.length})
        </Text>
        <SmallTable
          striped
          label="Services of the discount"
          rows={d.services}
          rowKey={(s) => s.id}
          columns={[
            {
              header: 'Service',
              render: (s) => (
                <Anchor component={Link} to={`/services/${s.id}`} size="sm">
                  {s.name}
                </Anchor>
              ),
            },
            { header: 'Discount', align: 'right', render: (s) => percentText(s.discountPercent) },
            {
              header: null,
              align: 'right',
              render: (s) => (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  component={Link}
                  to={previewPath({ serviceId: s.id, country: d.countries[0] })}
                  aria-label={`Price preview of ${s.name}`}
                >
                  Price preview
                </Button>
              ),
            },
          ]}
        />
      </Card>
      <RecordHistory type="discount" id={d.id} />
    </Stack>
  );
}

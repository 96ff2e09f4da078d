import { Alert, Anchor, Badge, Card, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { SPECIAL_OFFER_PLACE_LABELS, SPECIAL_OFFER_POSITION_LABELS, SPECIAL_OFFER_STATUS_LABELS } from '../../../contract/storefront';
import { errorMessage } from '../../api/errors';
import type { RecordScreenProps } from '../../resource/area';
import { RecordHistory } from '../../history/RecordHistory';
import { DateTime } from '../../ui/DateTime';
import { StatusLabel } from '../../ui/StatusLabel';
import { specialOfferQuery } from './queries';
import { specialOffersResource } from './resource';
import { Field } from '../../ui/Field';
import { RecordActions } from '../../actions/RecordActions';
import { RecordHeader } from '../../ui/RecordHeader';
import { Section } from '../../ui/Section';

/** /special-offers/:id: the offer, its services, its actions and its history. */
export function SpecialOfferScreen({ id }: RecordScreenProps) {
  const navigate = useNavigate();
  const query = useQuery(specialOfferQuery(id));
  if (query.isPending) return <Skeleton h={240} aria-label="Loading the special offer" />;
  if (query.isError) return <Alert color="red">{errorMessage(query.error)}</Alert>;
  const o = query.data;
  return (
    <Stack gap="md">
      <RecordHeader
        back={{ to: '/special-offers', label: 'Special offers' }}
        title={o.name}
        status={<StatusLabel value={o.status === 'enabled' ? 'active' : o.status} text={SPECIAL_OFFER_STATUS_LABELS[o.status]} />}
        actions={
          <RecordActions
            resource={specialOffersResource}
            row={o}
            label="Special offer actions"
            onDone={async (actionId) => {
              if (actionId === 'delete') await navigate({ to: '/special-offers' });
            }}
          />
        }
      />
      <Card withBorder component="section" aria-label="Special offer details">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
          <Field label="Place">{SPECIAL_OFFER_PLACE_LABELS[o.place]}</Field>
          <Field label="Position">{SPECIAL_OFFER_POSITION_LABELS[o.position]}</Field>
          <Field label="Network">{o.network.name}</Field>
          <Field label="Service types">{o.serviceTypes.length ? o.serviceTypes.map((t) => t.name).join(', ') : 'Every type of the network'}</Field>
          <Field label="Created">
            <DateTime value={o.createdAt} />
          </Field>
          <Field label="Updated">
            <DateTime value={o.updatedAt} />
          </Field>
          <Field label="Translations">
            <Group gap={4}>
              {Object.keys(o.translations).map((l) => (
                <Badge key={l} size="sm" variant="light">
                  {l}
                </Badge>
              ))}
            </Group>
          </Field>
        </SimpleGrid>
      </Card>
      <Section title={`Services (${o.services.length})`}>
        <Stack gap={4}>
          {o.services.map((s) => (
            <Text key={s.id} size="sm">
              <Anchor component={Link} to={`/services/${s.id}`} size="sm">
                {s.name}
              </Anchor>{' '}
              <Text span size="xs" c="dimmed">
                #{s.id} · {s.serviceType}
              </Text>
            </Text>
          ))}
        </Stack>
      </Section>
      <RecordHistory type="special_offer" id={id} />
    </Stack>
  );
}

import { Card, Group, Pagination, SimpleGrid, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { COUPON_BONUS_TYPE_LABELS, COUPON_CALCULATION_TYPE_LABELS, COUPON_PAYMENT_TYPE_LABELS, COUPON_STATUS_LABELS } from '../../../contract/incentives';
import type { RecordScreenProps } from '../../resource/area';
import { api } from '../../api/client';
import { RecordHistory } from '../../history/RecordHistory';
import { Dash, UserLink } from '../../table/cells';
import { detailKeyPrefix } from '../../list/listQuery';
import { DateTime } from '../../ui/DateTime';
import { detailFallback } from '../../ui/DetailFallback';
import { Money } from '../../ui/Money';
import { StatusLabel } from '../../ui/StatusLabel';
import { formatNumber, percentText } from '../../ui/format';
import { UsagesTable } from './CouponStatistics';
import { RecordActions } from '../../actions/RecordActions';
import { Field } from '../../ui/Field';
import { couponsResource } from './resource';
import { RecordHeader } from '../../ui/RecordHeader';

/** One coupon: its terms, flags, translations, usage (paged) and history; its actions; a price preview with its code. */
export function CouponScreen({ id }: RecordScreenProps) {
  const query = useQuery({ queryKey: [...detailKeyPrefix(couponsResource.name), id], queryFn: ({ signal }) => api('couponsShow', { params: { id }, signal }) });
  const fallback = detailFallback(query, { loading: 'Loading the coupon', title: `Coupon ${id}` });
  if (fallback || !query.data) return fallback;
  const c = query.data;
  const flags = [
    ['Works with a service discount', c.workWithServiceDiscount],
    ['Works with a custom price', c.workWithUserCustomPrice],
    ['Only for unpaid orders', c.useWithOnlyUnpaidOrders],
    ['Works on balance payments', c.workWithBalance],
  ] as const;
  return (
    <Stack gap="md">
      <RecordHeader
        back={{ to: '/coupons', label: 'Coupons' }}
        title={
          <>
            {c.name}{' '}
            <Text span inherit ff="monospace" c="dimmed">
              {c.code}
            </Text>
          </>
        }
        status={<StatusLabel value={c.status} text={COUPON_STATUS_LABELS[c.status]} />}
        actions={<RecordActions resource={couponsResource} row={c} label="Coupon actions" />}
      />
      <Card withBorder component="section" aria-label="Coupon details">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md">
          <Field label="Used on">{COUPON_PAYMENT_TYPE_LABELS[c.paymentType]}</Field>
          <Field label="Gives">{COUPON_BONUS_TYPE_LABELS[c.bonusType]}</Field>
          <Field label="Worked out as">{COUPON_CALCULATION_TYPE_LABELS[c.bonusAmountCalculationType]}</Field>
          <Field label="Bonus">{c.bonusAmountCalculationType === 'percent' ? percentText(c.bonusPercentage) : <Money value={c.bonusAmount ?? '0'} />}</Field>
          <Field label="Minimum amount">
            <Money value={c.minAmount} />
          </Field>
          <Field label="Usage limit">{c.usageLimit === null ? 'None' : `${formatNumber(c.usagesCount)} of ${formatNumber(c.usageLimit)} used`}</Field>
          <Field label="Valid from">{c.validFrom ? <DateTime value={c.validFrom} /> : 'Any time'}</Field>
          <Field label="Valid to">{c.validTo ? <DateTime value={c.validTo} /> : 'No end'}</Field>
          <Field label="Referral manager">{c.affiliate ? <UserLink user={c.affiliate} /> : <Dash />}</Field>
          <Field label="Shown to customers">{c.displayable ? 'Yes' : 'No'}</Field>
          <Field label="Usages">{formatNumber(c.usagesCount)}</Field>
          <Field label="Spent / received">
            <Group gap={4}>
              <Money value={c.spent} /> / <Money value={c.received} />
            </Group>
          </Field>
        </SimpleGrid>
        <Group gap="lg" mt="md">
          {flags.map(([label, on]) => (
            <Text key={label} size="sm" c={on ? undefined : 'dimmed'}>
              {on ? '✓' : '✗'} {label}
            </Text>
          ))}
        </Group>
        {c.description && (
          <Text size="sm" mt="md">
            {c.description}
          </Text>
        )}
        <Text size="xs" c="dimmed" mt="sm">
          Translated into: {Object.keys(c.translations).join(', ') || 'none'}
        </Text>
      </Card>
      <Usages couponId={c.id} />
      <RecordHistory type="coupon" id={c.id} />
    </Stack>
  );
}

function Usages({ couponId }: { couponId: number }) {
  const [page, setPage] = useState(1);
  const usages = useQuery({
    queryKey: ['coupons', 'usages', couponId, page],
    queryFn: ({ signal }) => api('couponsUsages', { params: { id: couponId }, query: { page }, signal }),
    placeholderData: keepPreviousData,
  });
  const pages = Math.max(1, Math.ceil((usages.data?.total ?? 0) / 30));
  return (
    <Card withBorder component="section" aria-label="Coupon usages">
      <Text fw={500} mb="xs">
        Usages {usages.data ? `(${formatNumber(usages.data.total)})` : ''}
      </Text>
      {usages.data && <UsagesTable items={usages.data.items} total={usages.data.items.length} withCoupon={false} />}
      {pages > 1 && (
        <Pagination
          mt="sm"
          size="sm"
          total={pages}
          value={page}
          onChange={setPage}
          aria-label="Usage pages"
          getControlProps={(control) => ({ 'aria-label': `${control[0].toUpperCase()}${control.slice(1)} page` })}
        />
      )}
    </Card>
  );
}

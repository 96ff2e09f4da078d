import { Alert, Autocomplete, Card, Group, Loader, NumberInput, SegmentedControl, Select, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import type { PriceLine, PricePreview, PricePreviewBody } from '../../../contract/incentives';
import { api } from '../../api/client';
import { errorMessage, ValidationError } from '../../api/errors';
import { DateTimeField } from '../../forms/fields/DateFields';
import { countriesQuery } from '../../forms/fields/countries';
import { AppLink } from '../../table/cells';
import { useListEngine } from '../../list/engineContext';
import { Money } from '../../ui/Money';
import { formatNumber } from '../../ui/format';
import { SmallTable } from '../../ui/SmallTable';
import { CustomerPicker } from './CustomerPicker';

/**
 * The price preview: pick a customer (or a grade and a country), a service, a quantity and a
 * coupon code, and see the price with each modification line by line — the answer of the same
 * pricing function that prices orders (POST price-preview). Opened prefilled from a coupon, a
 * discount's service or a grade (?serviceId, couponCode, gradeId, country, userId).
 */

const LINE_LABELS: Record<PriceLine['kind'], string> = {
  userService: 'Custom price',
  discount: 'Discount',
  grade: 'Grade discount',
  personal: 'Personal discount',
  coupon: 'Coupon',
  freeTrial: 'Free trial',
};

function fromAddress() {
  const p = new URLSearchParams(window.location.search);
  const num = (key: string) => (p.get(key) && /^\d+$/.test(p.get(key)!) ? p.get(key)! : null);
  return { serviceId: num('serviceId'), couponCode: p.get('couponCode') ?? '', gradeId: num('gradeId'), country: p.get('country'), userId: num('userId') };
}

export function PricePreviewScreen() {
  const initial = useMemo(fromAddress, []);
  const { can } = useListEngine();
  // Picking a customer searches customers' e-mails: for members who may see them.
  const picksCustomers = can('viewUsers') || can('manageCoupons');
  const [who, setWho] = useState<'customer' | 'grade'>(picksCustomers && (initial.userId || !initial.gradeId) ? 'customer' : 'grade');
  const [userId, setUserId] = useState<string | null>(initial.userId);
  const [gradeId, setGradeId] = useState<string | null>(initial.gradeId);
  const [country, setCountry] = useState<string | null>(initial.country);
  const [serviceId, setServiceId] = useState<string | null>(initial.serviceId);
  const [quantity, setQuantity] = useState<number | string>(1000);
  const [couponCode, setCouponCode] = useState(initial.couponCode);
  const [at, setAt] = useState<string | null>(null);
  const [payingWithBalance, setPayingWithBalance] = useState(true);
  const [unpaidOrder, setUnpaidOrder] = useState(false);
  const [freeTrial, setFreeTrial] = useState(false);

  const options = useQuery({ queryKey: ['price-preview', 'options'], queryFn: ({ signal }) => api('pricePreviewOptions', { signal }), staleTime: 60_000 });
  const countries = useQuery(countriesQuery());
  const body: PricePreviewBody | null = serviceId
    ? {
        userId: who === 'customer' && userId ? Number(userId) : null,
        gradeId: who === 'grade' && gradeId ? Number(gradeId) : null,
        country: country || null,
        serviceId: Number(serviceId),
        quantity: typeof quantity === 'number' ? quantity : Number(quantity) || 0,
        couponCode: couponCode.trim() || null,
        at: at || null,
        payingWithBalance,
        unpaidOrder,
        freeTrial,
      }
    : null;
  const [debounced] = useDebouncedValue(body, 300);
  const preview = useQuery({
    queryKey: ['price-preview', debounced],
    queryFn: ({ signal }) => api('pricePreview', { body: debounced!, signal }),
    enabled: !!debounced,
    placeholderData: keepPreviousData,
    retry: false,
  });
  const fieldErrors = preview.error instanceof ValidationError ? preview.error.errors : {};
  const err = (key: string) => fieldErrors[key]?.[0];

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Price preview
      </Title>
      <Text size="sm" c="dimmed">
        What a customer pays for a service, step by step, from the same rules that price orders.
      </Text>
      <Card withBorder component="section" aria-label="What to price">
        <Stack gap="sm">
          <Group align="flex-end" gap="md">
            <Stack gap={4}>
              <Text size="sm" fw={500} id="preview-who">
                Price for
              </Text>
              <SegmentedControl
                aria-labelledby="preview-who"
                value={who}
                onChange={(v) => setWho(v as 'customer' | 'grade')}
                data={[
                  { value: 'customer', label: 'A customer', disabled: !picksCustomers },
                  { value: 'grade', label: 'A grade' },
                ]}
              />
            </Stack>
            {who === 'customer' ? (
              <div style={{ flex: 1, minWidth: 260 }}>
                <CustomerPicker label="Customer" value={userId} onChange={(v) => setUserId(v)} error={err('userId')} placeholder="Anyone (no customer)" />
              </div>
            ) : (
              <Select
                style={{ flex: 1, minWidth: 200 }}
                label="Grade"
                placeholder="No grade"
                clearable
                data={(options.data?.grades ?? []).map((g) => ({ value: String(g.id), label: g.name }))}
                value={gradeId}
                onChange={setGradeId}
                error={err('gradeId')}
              />
            )}
            <Select
              w={220}
              label="Country"
              placeholder="Unknown"
              searchable
              clearable
              data={(countries.data ?? []).map((c) => ({ value: c.code, label: `${c.name} (${c.code})` }))}
              value={country}
              onChange={setCountry}
              error={err('country')}
            />
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Select
              label="Service"
              required
              searchable
              placeholder={options.isPending ? 'Loading…' : 'Choose a service'}
              data={(options.data?.services ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
              value={serviceId}
              onChange={setServiceId}
              error={err('serviceId')}
              nothingFoundMessage="No such service"
            />
            <NumberInput
              label="Quantity"
              required
              min={1}
              allowDecimal={false}
              thousandSeparator=" "
              value={quantity}
              onChange={setQuantity}
              error={err('quantity')}
            />
            <Autocomplete
              label="Coupon code"
              placeholder="None"
              data={(options.data?.coupons ?? []).map((c) => c.code)}
              value={couponCode}
              onChange={(v) => setCouponCode(v.toUpperCase())}
              error={err('couponCode')}
            />
          </SimpleGrid>
          <Group align="flex-end" gap="lg">
            <DateTimeField label="Ordered at" description="Empty: now" value={at} onChange={setAt} error={err('at')} />
            <Switch label="Paid from the balance" checked={payingWithBalance} onChange={(e) => setPayingWithBalance(e.currentTarget.checked)} />
            <Switch label="Paying an unpaid order" checked={unpaidOrder} onChange={(e) => setUnpaidOrder(e.currentTarget.checked)} />
            <Switch label="Free trial" checked={freeTrial} onChange={(e) => setFreeTrial(e.currentTarget.checked)} />
          </Group>
        </Stack>
      </Card>
      {!serviceId && <Text c="dimmed">Choose a service to see its price.</Text>}
      {preview.isError && !(preview.error instanceof ValidationError) && <Alert color="red">{errorMessage(preview.error)}</Alert>}
      {preview.isError && preview.error instanceof ValidationError && <Alert color="yellow">{preview.error.message}</Alert>}
      {preview.isFetching && !preview.data && <Loader size="sm" aria-label="Pricing" />}
      {preview.data && serviceId && <Result data={preview.data} />}
    </Stack>
  );
}

/** One row of the price lines: the list price, the minimum price where it applied, each discount, the price. */
interface PriceStep {
  key: string;
  label: ReactNode;
  percent?: string;
  takenOff?: ReactNode;
  priceAfter: string;
  total?: boolean;
}

function priceSteps(data: PricePreview): PriceStep[] {
  const listPrice: PriceStep = {
    key: 'list',
    label: (
      <>
        List price{' '}
        <Text span size="xs" c="dimmed">
          ({formatNumber(data.quantity)} / {formatNumber(data.service.pricingPer)} × {data.service.defaultPrice})
        </Text>
      </>
    ),
    priceAfter: data.listPrice,
  };
  const minimum: PriceStep[] = data.minPriceApplied ? [{ key: 'minimum', label: 'Minimum price of the service', priceAfter: data.basePrice }] : [];
  const lines = data.lines.map(
    (l, i): PriceStep => ({
      key: `line-${i}`,
      label: `${LINE_LABELS[l.kind]}: ${l.name}${l.local ? ' (local)' : ''}`,
      percent: l.percent === null ? '' : `${l.percent} %`,
      takenOff: <Money value={l.amount} maxDecimals={4} signed />,
      priceAfter: l.priceAfter,
    }),
  );
  return [listPrice, ...minimum, ...lines, { key: 'price', label: 'Price', priceAfter: data.price, total: true }];
}

function Result({ data }: { data: PricePreview }) {
  return (
    <Card withBorder component="section" aria-label="Price, line by line">
      <Group justify="space-between" mb="xs">
        <Text fw={500}>
          {formatNumber(data.quantity)} × <AppLink to={`/services/${data.service.id}`}>{data.service.name}</AppLink>
          {data.customer.user && <> for {data.customer.user.email}</>}
          {data.customer.grade && <> · grade {data.customer.grade.name}</>}
          {data.customer.country && <> · {data.customer.country}</>}
        </Text>
        <Text size="xl" fw={700} data-testid="preview-price">
          <Money value={data.price} maxDecimals={4} size="xl" />
        </Text>
      </Group>
      <SmallTable
        label="Price lines"
        rows={priceSteps(data)}
        rowKey={(step) => step.key}
        columns={[
          { header: 'Step', render: (step) => step.label, cellProps: (step) => (step.total ? { fw: 700 } : {}) },
          { header: 'Percent', align: 'right', render: (step) => step.percent },
          { header: 'Taken off', align: 'right', render: (step) => step.takenOff },
          {
            header: 'Price after',
            align: 'right',
            render: (step) => <Money value={step.priceAfter} maxDecimals={4} />,
            cellProps: (step) => (step.total ? { fw: 700 } : {}),
          },
        ]}
      />
      {Number(data.balanceBonus) > 0 && (
        <Text size="sm" mt="sm">
          Credited to the balance after payment: <Money value={data.balanceBonus} maxDecimals={4} />
        </Text>
      )}
      {data.skipped.length > 0 && (
        <Stack gap={2} mt="sm">
          <Text size="sm" fw={500}>
            Not applied
          </Text>
          {data.skipped.map((s, i) => (
            <Text key={i} size="sm" c="dimmed">
              {LINE_LABELS[s.kind]} {s.name}: {s.reason}
            </Text>
          ))}
        </Stack>
      )}
    </Card>
  );
}

import { Alert, Checkbox, Loader, NumberInput, SegmentedControl, Select, SimpleGrid, Stack, Switch, Text, TextInput, type TextInputProps } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { couponBodySchema, type CouponBody, type CouponCollections, type CouponRow } from '../../../contract/incentives';
import type { Translations } from '../../../contract/locales';
import type { ActionDialogProps } from '../../resource/actions';
import { api } from '../../api/client';
import { errorMessage } from '../../api/errors';
import { FormDialog } from '../../forms/FormDialog';
import { DateTimeField } from '../../forms/fields/DateFields';
import { MoneyInput } from '../../forms/fields/MoneyInput';
import { PercentInput } from '../../forms/fields/PercentInput';
import { TranslationsField } from '../../forms/fields/TranslationsField';
import { useContractForm } from '../../forms/useContractForm';
import { CustomerPicker } from './CustomerPicker';

/**
 * The coupon editor: name and description in every locale (English required;
 * other locales without a name are dropped on save), code, what it is used on and gives, a
 * percentage (2 decimals, shown ×100) or a whole amount (digits only), validity in UTC, usage
 * limit, minimum amount, referral manager and the four flags. Errors land on their fields.
 */

interface Values {
  translations: Translations<'name' | 'description'>;
  code: string;
  displayable: boolean;
  paymentType: string;
  bonusType: string;
  bonusAmountCalculationType: string;
  bonusPercentage: string;
  bonusAmount: string;
  minAmount: string;
  validFrom: string | null;
  validTo: string | null;
  usageLimit: number | string;
  affiliateId: string | null;
  workWithServiceDiscount: boolean;
  workWithUserCustomPrice: boolean;
  useWithOnlyUnpaidOrders: boolean;
  workWithBalance: boolean;
}

const toBody = (v: Values): CouponBody => {
  const percent = v.bonusAmountCalculationType === 'percent';
  return {
    translations: v.translations,
    code: v.code,
    displayable: v.displayable,
    paymentType: v.paymentType as CouponBody['paymentType'],
    bonusType: v.bonusType as CouponBody['bonusType'],
    bonusAmountCalculationType: v.bonusAmountCalculationType as CouponBody['bonusAmountCalculationType'],
    bonusPercentage: percent ? v.bonusPercentage : null,
    bonusAmount: percent ? null : v.bonusAmount,
    minAmount: v.minAmount === '' ? '0' : v.minAmount,
    validFrom: v.validFrom || null,
    validTo: v.validTo || null,
    usageLimit: v.usageLimit === '' ? null : Number(v.usageLimit),
    affiliateId: v.affiliateId ? Number(v.affiliateId) : null,
    workWithServiceDiscount: v.workWithServiceDiscount,
    workWithUserCustomPrice: v.workWithUserCustomPrice,
    useWithOnlyUnpaidOrders: v.useWithOnlyUnpaidOrders,
    workWithBalance: v.workWithBalance,
  };
};

export function CouponDialog(props: ActionDialogProps<CouponRow, CouponBody>) {
  const collections = useQuery({ queryKey: ['coupons', 'collections'], queryFn: ({ signal }) => api('couponsCollections', { signal }), staleTime: Infinity });
  if (collections.isError) return <Alert color="red">{errorMessage(collections.error)}</Alert>;
  if (!collections.data) return <Loader size="sm" aria-label="Loading coupon types" />;
  return <CouponForm {...props} collections={collections.data} />;
}

function CouponForm({ row: given, collections, ...props }: ActionDialogProps<CouponRow, CouponBody> & { collections: CouponCollections }) {
  const row = given as CouponRow | undefined;
  const form = useContractForm<Values, CouponBody>({
    schema: couponBodySchema,
    errors: props.errors,
    transform: toBody,
    initialValues: {
      translations: (row?.translations ?? {}) as Values['translations'],
      code: row?.code ?? '',
      displayable: row?.displayable ?? true,
      paymentType: row?.paymentType ?? collections.paymentTypes[0]?.value ?? 'order',
      bonusType: row?.bonusType ?? collections.bonusTypes[0]?.value ?? 'discount',
      bonusAmountCalculationType: row?.bonusAmountCalculationType ?? 'percent',
      bonusPercentage: row?.bonusPercentage ?? '',
      bonusAmount: row?.bonusAmount ? row.bonusAmount.replace(/\.0+$/, '') : '',
      minAmount: row?.minAmount ? row.minAmount.replace(/\.?0+$/, '') || '0' : '0',
      validFrom: row?.validFrom ?? null,
      validTo: row?.validTo ?? null,
      usageLimit: row?.usageLimit ?? '',
      affiliateId: row?.affiliate ? String(row.affiliate.id) : null,
      workWithServiceDiscount: row?.workWithServiceDiscount ?? false,
      workWithUserCustomPrice: row?.workWithUserCustomPrice ?? false,
      useWithOnlyUnpaidOrders: row?.useWithOnlyUnpaidOrders ?? false,
      workWithBalance: row?.workWithBalance ?? true,
    },
    draft: { key: row ? `coupon:${row.id}` : 'coupon:new' },
  });
  const percent = form.values.bonusAmountCalculationType === 'percent';
  return (
    <FormDialog form={form} {...props} submitLabel={row ? 'Save' : 'Create coupon'}>
      <TranslationsField
        label="Name and description"
        required={['en']}
        fields={[
          { name: 'name', label: 'Name' },
          { name: 'description', label: 'Description', multiline: true },
        ]}
        {...form.getInputProps('translations')}
        errors={form.errors}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <CodeInput {...form.getInputProps('code')} />
        <Switch mt={{ sm: 30 }} label="Shown to customers" {...form.getInputProps('displayable', { type: 'checkbox' })} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select label="Used on" required allowDeselect={false} data={collections.paymentTypes} {...form.getInputProps('paymentType')} />
        <Select label="Gives" required allowDeselect={false} data={collections.bonusTypes} {...form.getInputProps('bonusType')} />
      </SimpleGrid>
      <Stack gap={4}>
        <Text size="sm" fw={500} id="coupon-calculation">
          Worked out as
        </Text>
        <SegmentedControl aria-labelledby="coupon-calculation" data={collections.calculationTypes} {...form.getInputProps('bonusAmountCalculationType')} />
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {percent ? (
          <PercentInput label="Percentage" required decimals={2} {...form.getInputProps('bonusPercentage')} />
        ) : (
          <MoneyInput label="Amount" required decimals={0} description="Whole units, digits only" {...form.getInputProps('bonusAmount')} />
        )}
        <MoneyInput label="Minimum amount" decimals={2} {...form.getInputProps('minAmount')} />
        <NumberInput label="Usage limit" min={1} allowDecimal={false} placeholder="No limit" thousandSeparator=" " {...form.getInputProps('usageLimit')} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <DateTimeField label="Valid from" {...form.getInputProps('validFrom')} />
        <DateTimeField label="Valid to" {...form.getInputProps('validTo')} />
      </SimpleGrid>
      <div data-path="affiliateId">
        <CustomerPicker
          label="Referral manager"
          description="The customer the coupon is credited to, if any"
          value={form.values.affiliateId}
          selected={row?.affiliate ?? null}
          error={form.errors.affiliateId}
          onChange={(value) => form.setFieldValue('affiliateId', value)}
        />
      </div>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        <Checkbox label="Works with a service discount" {...form.getInputProps('workWithServiceDiscount', { type: 'checkbox' })} />
        <Checkbox label="Works with a customer's custom price" {...form.getInputProps('workWithUserCustomPrice', { type: 'checkbox' })} />
        <Checkbox label="Only for paying unpaid orders" {...form.getInputProps('useWithOnlyUnpaidOrders', { type: 'checkbox' })} />
        <Checkbox label="Works on payments from the balance" {...form.getInputProps('workWithBalance', { type: 'checkbox' })} />
      </SimpleGrid>
    </FormDialog>
  );
}

/** The code, upper-cased as typed (the server stores it so). */
function CodeInput({ value, onChange, ...others }: TextInputProps & { value?: string; onChange?: (value: unknown) => void }) {
  return (
    <TextInput
      label="Code"
      required
      description="Letters, digits, - and _; saved upper case"
      {...others}
      value={value ?? ''}
      onChange={(e) => onChange?.(e.currentTarget.value.toUpperCase())}
      styles={{ input: { fontFamily: 'monospace' } }}
    />
  );
}

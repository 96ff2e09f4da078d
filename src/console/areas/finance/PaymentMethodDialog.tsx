import { Alert, Checkbox, Divider, Group, Loader, NumberInput, PasswordInput, Select, SimpleGrid, Switch, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  CHARGE_TYPE_LABELS,
  PAYMENT_METHOD_TRANSLATION_FIELDS,
  PAYMENT_STRATEGY_LABELS,
  SECRET_MASK,
  paymentMethodBodySchema,
  type PaymentMethodBody,
  type PaymentMethodDetail,
  type PaymentMethodRow,
} from '../../../contract/finance';
import type { ActionDialogProps } from '../../resource/actions';
import { api } from '../../api/client';
import { errorMessage } from '../../api/errors';
import { FormDialog } from '../../forms/FormDialog';
import { MoneyInput } from '../../forms/fields/MoneyInput';
import { PercentInput } from '../../forms/fields/PercentInput';
import { TranslationsField } from '../../forms/fields/TranslationsField';
import { useContractForm } from '../../forms/useContractForm';

/**
 * Create and edit a payment method in one dialog: every field of the method;
 * the secrets are built from the chosen type's secret fields (a select where the field has
 * options); stored secrets arrive masked and a mask left as it is keeps the stored value. A new
 * method starts with every locale empty and the position after the last method.
 */

type Collections = Awaited<ReturnType<typeof loadCollections>>;
const loadCollections = (signal?: AbortSignal) => api('paymentMethodsCollections', { signal });

interface Values {
  type: string;
  translations: Record<string, Record<string, string>>;
  icon: string;
  allowQrCode: boolean;
  paymentQrCode: string;
  minAmount: string;
  maxAmount: string;
  feePercent: string;
  chargeCurrency: string;
  chargeType: string;
  strategy: string;
  isEnabled: boolean;
  isAllowedForNewUser: boolean;
  position: number | string;
  secrets: Record<string, string>;
  publicFields: { isUserComment: boolean; qrCode: boolean };
  withdrawalOptions: { availableForWithdrawal: boolean; feePercent: string; maxAmount: string; minAmount: string; minFee: string };
}

const secretDefaults = (collections: Collections, type: string): Record<string, string> =>
  Object.fromEntries((collections.types.find((t) => t.type === type)?.secretFields ?? []).map((f) => [f.name, f.default]));

function initialValues(collections: Collections, detail: PaymentMethodDetail | undefined): Values {
  if (!detail) {
    const type = collections.types[0]?.type ?? '';
    return {
      type,
      translations: {},
      icon: '',
      allowQrCode: false,
      paymentQrCode: '',
      minAmount: '',
      maxAmount: '',
      feePercent: '0',
      chargeCurrency: collections.chargeCurrencies[0] ?? 'USD',
      chargeType: collections.chargeTypes[0] ?? 'gross',
      strategy: collections.strategies[0] ?? 'redirect',
      isEnabled: true,
      isAllowedForNewUser: true,
      position: collections.count + 1,
      secrets: secretDefaults(collections, type),
      publicFields: { isUserComment: false, qrCode: false },
      withdrawalOptions: { availableForWithdrawal: false, feePercent: '0.000', maxAmount: '', minAmount: '', minFee: '0' },
    };
  }
  const w = detail.withdrawalOptions;
  return {
    type: detail.type,
    translations: detail.translations,
    icon: detail.icon ?? '',
    allowQrCode: detail.allowQrCode,
    paymentQrCode: detail.paymentQrCode ?? '',
    minAmount: detail.minAmount ?? '',
    maxAmount: detail.maxAmount ?? '',
    feePercent: detail.feePercent,
    chargeCurrency: detail.chargeCurrency,
    chargeType: detail.chargeType,
    strategy: detail.strategy,
    isEnabled: detail.isEnabled,
    isAllowedForNewUser: detail.isAllowedForNewUser,
    position: detail.position,
    secrets: detail.secrets,
    publicFields: detail.publicFields,
    withdrawalOptions: {
      availableForWithdrawal: w.availableForWithdrawal,
      feePercent: w.feePercent,
      maxAmount: w.maxAmount ?? '',
      minAmount: w.minAmount ?? '',
      minFee: w.minFee,
    },
  };
}

const toBody = (v: Values): PaymentMethodBody => ({
  ...v,
  icon: v.icon.trim() || null,
  paymentQrCode: v.paymentQrCode.trim() || null,
  position: v.position === '' ? undefined : Number(v.position),
  chargeCurrency: v.chargeCurrency as PaymentMethodBody['chargeCurrency'],
  chargeType: v.chargeType as PaymentMethodBody['chargeType'],
  strategy: v.strategy as PaymentMethodBody['strategy'],
});

/** One dialog for both: `row` is undefined when creating. */
export function PaymentMethodDialog(props: ActionDialogProps<PaymentMethodRow, PaymentMethodBody>) {
  const id = (props.row as PaymentMethodRow | undefined)?.id;
  const collections = useQuery({ queryKey: ['payment-methods', 'collections'], queryFn: ({ signal }) => loadCollections(signal), staleTime: 0 });
  const detail = useQuery({
    queryKey: ['detail', 'payment-methods', id],
    queryFn: ({ signal }) => api('paymentMethodsShow', { params: { paymentMethodId: id! }, signal }),
    enabled: id !== undefined,
    staleTime: 0,
  });
  if (collections.isError || detail.isError) return <Alert color="red">{errorMessage(collections.error ?? detail.error)}</Alert>;
  if (!collections.data || (id !== undefined && !detail.data)) return <Loader size="sm" aria-label="Loading the payment method" />;
  return <MethodForm {...props} collections={collections.data} detail={detail.data} />;
}

function MethodForm({
  row: _row,
  collections,
  detail,
  ...props
}: ActionDialogProps<PaymentMethodRow, PaymentMethodBody> & { collections: Collections; detail: PaymentMethodDetail | undefined }) {
  const form = useContractForm<Values, PaymentMethodBody>({
    schema: paymentMethodBodySchema,
    errors: props.errors,
    initialValues: initialValues(collections, detail),
    transform: toBody,
    draft: { key: `payment-method:${detail?.id ?? 'new'}`, updatedAt: detail?.updatedAt },
  });
  const type = collections.types.find((t) => t.type === form.values.type);
  const changeType = (next: string | null) => {
    if (!next) return;
    form.setFieldValue('type', next);
    // The stored secrets belong to the stored type only.
    form.setFieldValue('secrets', detail && detail.type === next ? detail.secrets : secretDefaults(collections, next));
  };

  return (
    <FormDialog form={form} {...props} submitLabel={detail ? 'Save' : 'Create'}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label="Type"
          required
          data-autofocus
          data={collections.types.map((t) => ({ value: t.type, label: t.label }))}
          {...form.getInputProps('type')}
          onChange={changeType}
          allowDeselect={false}
        />
        <NumberInput label="Position" min={1} allowDecimal={false} {...form.getInputProps('position')} />
      </SimpleGrid>
      <TranslationsField
        label="Texts"
        required={['en']}
        fields={
          [
            { name: 'name', label: 'Name' },
            { name: 'description', label: 'Description', multiline: true },
            { name: 'withdrawDescription', label: 'Withdrawal description', multiline: true },
            { name: 'additionalInformation', label: 'Additional information', multiline: true },
          ] as { name: (typeof PAYMENT_METHOD_TRANSLATION_FIELDS)[number]; label: string; multiline?: boolean }[]
        }
        {...form.getInputProps('translations')}
        errors={form.errors}
      />
      <TextInput label="Icon" placeholder="payment-card.svg" {...form.getInputProps('icon')} />
      <Group>
        <Switch label="Allow QR code" {...form.getInputProps('allowQrCode', { type: 'checkbox' })} />
      </Group>
      {form.values.allowQrCode && <TextInput label="Payment QR code" {...form.getInputProps('paymentQrCode')} />}
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <MoneyInput label="Minimum amount" {...form.getInputProps('minAmount')} />
        <MoneyInput label="Maximum amount" {...form.getInputProps('maxAmount')} />
        <PercentInput label="Fee percent" decimals={4} {...form.getInputProps('feePercent')} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Select label="Charge currency" data={collections.chargeCurrencies} allowDeselect={false} {...form.getInputProps('chargeCurrency')} />
        <Select
          label="Charge type"
          data={collections.chargeTypes.map((c) => ({ value: c, label: CHARGE_TYPE_LABELS[c as keyof typeof CHARGE_TYPE_LABELS] ?? c }))}
          allowDeselect={false}
          {...form.getInputProps('chargeType')}
        />
        <Select
          label="Strategy"
          data={collections.strategies.map((s) => ({ value: s, label: PAYMENT_STRATEGY_LABELS[s as keyof typeof PAYMENT_STRATEGY_LABELS] ?? s }))}
          allowDeselect={false}
          {...form.getInputProps('strategy')}
        />
      </SimpleGrid>
      <Group>
        <Switch label="Enabled" {...form.getInputProps('isEnabled', { type: 'checkbox' })} />
        <Switch label="Allowed for new users" {...form.getInputProps('isAllowedForNewUser', { type: 'checkbox' })} />
      </Group>

      <Divider />
      <Title order={5}>Secrets</Title>
      {type && type.secretFields.length === 0 && (
        <Text size="sm" c="dimmed">
          This type needs no credentials.
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {type?.secretFields.map((field) =>
          field.options ? (
            <Select
              key={`${type.type}-${field.name}`}
              label={field.label}
              data={field.options}
              allowDeselect={false}
              {...form.getInputProps(`secrets.${field.name}`)}
            />
          ) : (
            <PasswordInput
              key={`${type.type}-${field.name}`}
              label={field.label}
              description={form.values.secrets[field.name] === SECRET_MASK ? 'Stored; leave as it is to keep it.' : undefined}
              autoComplete="off"
              {...form.getInputProps(`secrets.${field.name}`)}
            />
          ),
        )}
      </SimpleGrid>

      <Divider />
      <Title order={5}>Public fields</Title>
      <Group>
        <Checkbox label="Customer may add a comment" {...form.getInputProps('publicFields.isUserComment', { type: 'checkbox' })} />
        <Checkbox label="Show a QR code" {...form.getInputProps('publicFields.qrCode', { type: 'checkbox' })} />
      </Group>

      <Divider />
      <Title order={5}>Withdrawals</Title>
      <Switch label="Available for withdrawal" {...form.getInputProps('withdrawalOptions.availableForWithdrawal', { type: 'checkbox' })} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <PercentInput label="Withdrawal fee percent" decimals={3} {...form.getInputProps('withdrawalOptions.feePercent')} />
        <MoneyInput label="Minimum fee" {...form.getInputProps('withdrawalOptions.minFee')} />
        <MoneyInput label="Minimum withdrawal" {...form.getInputProps('withdrawalOptions.minAmount')} />
        <MoneyInput label="Maximum withdrawal" {...form.getInputProps('withdrawalOptions.maxAmount')} />
      </SimpleGrid>
    </FormDialog>
  );
}

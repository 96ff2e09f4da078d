import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import {
  FULL_DESCRIPTION_LOCATIONS,
  SERVICE_FLAG_LABELS,
  serviceBodySchema,
  type ProviderServiceOption,
  type ServiceBody,
  type ServiceCollections,
  type ServiceDetail,
  type ServiceFlag,
} from '../../../contract/catalogue';
import type { Translations } from '../../../contract/locales';
import { api } from '../../api/client';
import { errorMessage } from '../../api/errors';
import type { RecordScreenProps } from '../../resource/area';
import { RecordHistory } from '../../history/RecordHistory';
import { FormScreen, FormSection } from '../../forms/FormScreen';
import { CountrySelect } from '../../forms/fields/CountrySelect';
import { MoneyInput } from '../../forms/fields/MoneyInput';
import { PercentInput } from '../../forms/fields/PercentInput';
import { useContractForm } from '../../forms/useContractForm';
import { useListEngine } from '../../list/engineContext';
import { DateTime } from '../../ui/DateTime';
import { confirm } from '../../ui/confirm';
import { StatusLabel } from '../../ui/StatusLabel';
import { serviceCollectionsQuery } from './queries';
import { ImpactDetails, impactQuery } from './ServiceImpactDialog';
import { TranslatedTexts } from './TranslatedTexts';
import { RecordHeader } from '../../ui/RecordHeader';
import { SmallTable } from '../../ui/SmallTable';

/**
 * One screen creates and edits a service (/services/create and /services/:id): every field in
 * sections, the texts in the 12 locales, the auto-refill settings only with
 * writeAutoRefillParams. What is typed is kept as a draft per member until saved or
 * discarded. Disabling or repricing a service first shows what depends on it, and asks.
 */

type TextField =
  | 'name'
  | 'exampleLink'
  | 'speed'
  | 'geo'
  | 'requirements'
  | 'guarantee'
  | 'startTime'
  | 'shortDescription'
  | 'reviews'
  | 'description'
  | 'metaDescription'
  | 'metaTitle';
type Num = number | string;

interface ProviderValue {
  providerServiceId: number;
  isActive: boolean;
}
interface TargetValue {
  targetId: number;
  targetableValues: string[];
}
interface AutoRefillValues {
  allowed: boolean;
  afterHours: Num;
  onceFillPercent: string;
  minDropPercent: string;
  maxDropPercent: string;
  maxTotalRefilledPercent: string;
}

type FlagValues = Record<ServiceFlag, boolean>;

interface Values extends FlagValues {
  translations: Translations<TextField>;
  slug: string;
  adminNote: string;
  networkId: string | null;
  serviceTypeId: string | null;
  minQuantity: Num;
  maxQuantity: Num;
  quantityStep: Num;
  minPrice: string;
  defaultPrice: string;
  pricingPer: Num;
  providers: ProviderValue[];
  countries: string[];
  labels: string[];
  targets: TargetValue[];
  targetAttachments: string[];
  orderQuantityRatio: string;
  budgetMultiplier: string;
  dripFeedIsAllowed: boolean;
  resaleMarginPercent: string;
  liveStreamSupportMinutes: Num;
  liveStreamRetentionQuantityMultiplier: string;
  buyPageUrl: string;
  fullDescriptionLocation: 'header' | 'footer';
  promotableCheckerGroupId: string | null;
  defaultQuantityForWidget: Num;
  autoRefill: AutoRefillValues | null;
}

const MAIN_FLAGS: ServiceFlag[] = ['isEnabled', 'isDeactivated', 'apiAccess', 'restrictedAccess'];
const ORDER_FLAGS: ServiceFlag[] = [
  'urlIsRequired',
  'forbidsOrdersWithSameUrl',
  'moderationIsEnabled',
  'cancelByClientIsAllowed',
  'autoCancel',
  'realCounterCompleteIsEnabled',
  'calculatableQuantity',
  'gatherStatistic',
  'providersAreUnavailableForALongTime',
];

const NEW_AUTO_REFILL: AutoRefillValues = {
  allowed: false,
  afterHours: 24,
  onceFillPercent: '0.1000',
  minDropPercent: '0.0500',
  maxDropPercent: '0.5000',
  maxTotalRefilledPercent: '1.0000',
};

function initialValues(collections: ServiceCollections, detail: ServiceDetail | undefined, canAutoRefill: boolean): Values {
  const flags = Object.fromEntries(Object.keys(SERVICE_FLAG_LABELS).map((f) => [f, detail ? Boolean(detail[f as ServiceFlag]) : false])) as FlagValues;
  if (!detail) {
    return {
      ...flags,
      translations: {},
      slug: '',
      adminNote: '',
      networkId: null,
      serviceTypeId: null,
      minQuantity: 100,
      maxQuantity: 10000,
      quantityStep: 1,
      minPrice: '0',
      defaultPrice: '',
      pricingPer: 1000,
      providers: [],
      countries: [],
      labels: [],
      targets: [],
      targetAttachments: [],
      orderQuantityRatio: '1',
      budgetMultiplier: '1',
      dripFeedIsAllowed: false,
      resaleMarginPercent: '0',
      liveStreamSupportMinutes: '',
      liveStreamRetentionQuantityMultiplier: '',
      buyPageUrl: '',
      fullDescriptionLocation: collections.defaultFullDescriptionLocation,
      promotableCheckerGroupId: null,
      defaultQuantityForWidget: '',
      autoRefill: canAutoRefill ? NEW_AUTO_REFILL : null,
    };
  }
  return {
    ...flags,
    translations: detail.translations as Values['translations'],
    slug: detail.slug ?? '',
    adminNote: detail.adminNote,
    networkId: String(detail.network.id),
    serviceTypeId: String(detail.serviceTypeId),
    minQuantity: detail.minQuantity,
    maxQuantity: detail.maxQuantity,
    quantityStep: detail.quantityStep,
    minPrice: detail.minPrice,
    defaultPrice: detail.defaultPrice,
    pricingPer: detail.pricingPer,
    providers: detail.providers.map((p) => ({ providerServiceId: p.providerServiceId, isActive: p.isActive })),
    countries: detail.countries,
    labels: detail.labels.map((l) => String(l.id)),
    targets: detail.targets.map((t) => ({ targetId: t.targetId, targetableValues: t.targetableValues })),
    targetAttachments: detail.targetAttachments.map((a) => String(a.id)),
    orderQuantityRatio: detail.orderQuantityRatio,
    budgetMultiplier: detail.budgetMultiplier,
    dripFeedIsAllowed: detail.dripFeedIsAllowed,
    resaleMarginPercent: detail.resaleMarginPercent,
    liveStreamSupportMinutes: detail.liveStreamSupportMinutes ?? '',
    liveStreamRetentionQuantityMultiplier: detail.liveStreamRetentionQuantityMultiplier ?? '',
    buyPageUrl: detail.buyPageUrl ?? '',
    fullDescriptionLocation: detail.fullDescriptionLocation,
    promotableCheckerGroupId: detail.promotableCheckerGroupId === null ? null : String(detail.promotableCheckerGroupId),
    defaultQuantityForWidget: detail.defaultQuantityForWidget ?? '',
    autoRefill: detail.autoRefill ? { ...detail.autoRefill } : null,
  };
}

/** A number input's value: '' stays '' (the contract says what is missing), text becomes a number. */
const num = (v: Num) => (v === '' ? (undefined as unknown as number) : Number(v));
const numOrNull = (v: Num) => (v === '' ? null : Number(v));

function toBody(v: Values): ServiceBody {
  const flags = Object.fromEntries(Object.keys(SERVICE_FLAG_LABELS).map((f) => [f, v[f as ServiceFlag]])) as FlagValues;
  return {
    ...flags,
    translations: v.translations,
    slug: v.slug,
    adminNote: v.adminNote,
    serviceTypeId: v.serviceTypeId ? Number(v.serviceTypeId) : null,
    minQuantity: num(v.minQuantity),
    maxQuantity: num(v.maxQuantity),
    quantityStep: num(v.quantityStep),
    minPrice: v.minPrice,
    defaultPrice: v.defaultPrice,
    pricingPer: num(v.pricingPer),
    providers: v.providers,
    countries: v.countries,
    labels: v.labels.map(Number),
    targets: v.targets,
    targetAttachments: v.targetAttachments.map(Number),
    orderQuantityRatio: v.orderQuantityRatio,
    budgetMultiplier: v.budgetMultiplier,
    dripFeedIsAllowed: v.dripFeedIsAllowed,
    resaleMarginPercent: v.resaleMarginPercent,
    liveStreamSupportMinutes: numOrNull(v.liveStreamSupportMinutes),
    liveStreamRetentionQuantityMultiplier: v.liveStreamRetentionQuantityMultiplier.trim() || null,
    buyPageUrl: v.buyPageUrl.trim() || null,
    fullDescriptionLocation: v.fullDescriptionLocation,
    promotableCheckerGroupId: v.promotableCheckerGroupId ? Number(v.promotableCheckerGroupId) : null,
    defaultQuantityForWidget: numOrNull(v.defaultQuantityForWidget),
    autoRefill: v.autoRefill ? { ...v.autoRefill, afterHours: num(v.autoRefill.afterHours) } : undefined,
  };
}

const serviceQuery = (id: number) => ({
  queryKey: ['detail', 'services', id] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => api('servicesShow', { params: { serviceId: id }, signal }),
  staleTime: 0,
});

export function CreateServiceScreen() {
  const collections = useQuery(serviceCollectionsQuery());
  if (collections.isPending) return <Skeleton h={320} />;
  if (collections.isError) return <Alert color="red">{errorMessage(collections.error)}</Alert>;
  return <ServiceForm collections={collections.data} />;
}

export function EditServiceScreen({ id }: RecordScreenProps) {
  const collections = useQuery(serviceCollectionsQuery());
  const service = useQuery(serviceQuery(id));
  if (collections.isPending || service.isPending) return <Skeleton h={320} />;
  if (collections.isError || service.isError) return <Alert color="red">{errorMessage(collections.error ?? service.error)}</Alert>;
  return (
    <Stack gap="md">
      <ServiceForm key={`${service.data.id}:${service.data.updatedAt}`} collections={collections.data} detail={service.data} />
      <RecordHistory type="service" id={id} />
    </Stack>
  );
}

function ServiceForm({ collections, detail }: { collections: ServiceCollections; detail?: ServiceDetail }) {
  const { can } = useListEngine();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const canAutoRefill = detail ? detail.actions.editAutoRefill : can('writeAutoRefillParams');
  const canEdit = can('manageServicesAndProviders') && (detail?.actions.editable ?? true);
  const [providerInfo, setProviderInfo] = useState<Map<number, { name: string; provider: string; price: string; per: number }>>(
    () =>
      new Map(
        detail?.providers.map((p) => [p.providerServiceId, { name: p.name, provider: p.provider.name, price: p.sourcePrice, per: p.sourcePricingPer }]) ?? [],
      ),
  );

  const form = useContractForm<Values, ServiceBody>({
    schema: serviceBodySchema,
    initialValues: initialValues(collections, detail, canAutoRefill),
    transform: toBody,
    draft: { key: `service:${detail?.id ?? 'new'}`, updatedAt: detail?.updatedAt },
  });
  const v = form.values;
  const network = collections.networks.find((n) => String(n.id) === v.networkId);

  const save = async (body: ServiceBody) => {
    if (detail) {
      const disabling = detail.isEnabled && !body.isEnabled;
      const repricing = detail.defaultPrice !== body.defaultPrice;
      if (disabling || repricing) {
        const impact = await queryClient.fetchQuery(impactQuery(detail.id, disabling ? 'disable' : 'reprice'));
        if (!impact.clear) {
          const ok = await confirm({
            title: disabling ? 'Disable the service?' : 'Change the price?',
            body: <ImpactDetails impact={impact} />,
            agree: 'Save anyway',
            disagree: 'Keep editing',
            agreeColor: 'yellow',
            undoable: 'Edit the service again to change it back.',
          });
          if (!ok) return;
        }
      }
      const answer = await api('servicesUpdate', { params: { serviceId: detail.id }, body });
      notifications.show({ color: 'teal', title: 'Service saved', message: answer.message });
      queryClient.setQueryData(serviceQuery(detail.id).queryKey, answer.service);
    } else {
      const answer = await api('servicesStore', { body });
      notifications.show({ color: 'teal', title: 'Service created', message: answer.message });
      await navigate({ to: `/services/${answer.service.id}` as string });
    }
    await queryClient.invalidateQueries({ queryKey: ['list', 'services'] });
  };

  return (
    <Stack>
      <ServiceHeader detail={detail} />
      {!canEdit && (
        <Alert color="gray" role="status">
          You can read this service; changing it needs the services-and-providers permission.
        </Alert>
      )}
      <FormScreen form={form} onSubmit={save} submitLabel={detail ? 'Save service' : 'Create service'}>
        <fieldset disabled={!canEdit} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack gap="lg">
            <FormSection title="Main" description="The name in every locale, where the service sits, and whether it is sold.">
              <TranslatedTexts
                label="Name"
                required={['en']}
                fields={[{ name: 'name', label: 'Name' }]}
                {...form.getInputProps('translations')}
                errors={form.errors}
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <Select
                  label="Network"
                  required
                  searchable
                  data={collections.networks.map((n) => ({ value: String(n.id), label: n.name }))}
                  {...form.getInputProps('networkId')}
                  onChange={(value) => {
                    form.setFieldValue('networkId', value);
                    form.setFieldValue('serviceTypeId', null);
                  }}
                />
                <Select
                  label="Service type"
                  required
                  searchable
                  placeholder={network ? undefined : 'Choose a network first'}
                  data={(network?.serviceTypes ?? []).map((t) => ({ value: String(t.id), label: t.name }))}
                  {...form.getInputProps('serviceTypeId')}
                />
                <TextInput label="Slug" description="Made from the English name when empty; unique." {...form.getInputProps('slug')} />
                <TextInput label="Buy page URL" placeholder="https://" {...form.getInputProps('buyPageUrl')} />
              </SimpleGrid>
              <Group>
                {MAIN_FLAGS.map((flag) => (
                  <Switch key={flag} label={SERVICE_FLAG_LABELS[flag]} {...form.getInputProps(flag, { type: 'checkbox' })} />
                ))}
              </Group>
              <Textarea label="Admin note" description="Seen by staff only." rows={2} {...form.getInputProps('adminNote')} />
            </FormSection>

            <FormSection title="Pricing and quantities">
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <MoneyInput label="Default price" required {...form.getInputProps('defaultPrice')} />
                <MoneyInput label="Minimum price" required {...form.getInputProps('minPrice')} />
                <NumberInput
                  label="Price per"
                  required
                  description="Units the price is for."
                  min={1}
                  allowDecimal={false}
                  {...form.getInputProps('pricingPer')}
                />
                <NumberInput label="Minimum quantity" required min={1} allowDecimal={false} thousandSeparator=" " {...form.getInputProps('minQuantity')} />
                <NumberInput label="Maximum quantity" required min={1} allowDecimal={false} thousandSeparator=" " {...form.getInputProps('maxQuantity')} />
                <NumberInput label="Quantity step" required min={1} allowDecimal={false} {...form.getInputProps('quantityStep')} />
                <PercentInput label="Resale margin" decimals={4} {...form.getInputProps('resaleMarginPercent')} />
                <TextInput label="Order quantity ratio" {...form.getInputProps('orderQuantityRatio')} />
                <TextInput label="Budget multiplier" {...form.getInputProps('budgetMultiplier')} />
                <NumberInput label="Default quantity for the widget" min={1} allowDecimal={false} {...form.getInputProps('defaultQuantityForWidget')} />
                <NumberInput label="Live stream support (minutes)" min={0} allowDecimal={false} {...form.getInputProps('liveStreamSupportMinutes')} />
                <TextInput label="Live stream retention multiplier" {...form.getInputProps('liveStreamRetentionQuantityMultiplier')} />
              </SimpleGrid>
            </FormSection>

            <FormSection
              title="Providers"
              description="Provider services that fulfil the orders, in priority order. An enabled service needs at least one active provider."
            >
              <ProvidersField
                form={form}
                info={providerInfo}
                onInfo={(option) =>
                  setProviderInfo((m) =>
                    new Map(m).set(option.id, { name: option.name, provider: option.provider.name, price: option.sourcePrice, per: option.sourcePricingPer }),
                  )
                }
              />
              {detail?.lastTimeProvidersAreAvailableAt && (
                <Text size="sm" c="dimmed">
                  Providers last available <DateTime value={detail.lastTimeProvidersAreAvailableAt} />
                </Text>
              )}
            </FormSection>

            <FormSection title="Targeting" description="Who may order it, what the order form asks for, and how the storefront labels it.">
              <CountrySelect label="Countries" description="Empty: every country." {...form.getInputProps('countries')} />
              <MultiSelect
                label="Labels"
                searchable
                data={collections.labels.map((l) => ({ value: String(l.id), label: l.name }))}
                {...form.getInputProps('labels')}
              />
              <TargetsField form={form} collections={collections} />
              <MultiSelect
                label="Target attachments"
                searchable
                data={collections.targetAttachments.map((a) => ({ value: String(a.id), label: `${a.name}${a.isSystem ? ' (system)' : ''}` }))}
                {...form.getInputProps('targetAttachments')}
              />
              <Select
                label="Promotable checker group"
                clearable
                searchable
                data={collections.promotableCheckerGroups.map((g) => ({ value: String(g.id), label: `${g.name} (${g.serviceTypeType})` }))}
                {...form.getInputProps('promotableCheckerGroupId')}
              />
            </FormSection>

            <FormSection title="Refill and drip-feed">
              <Group>
                <Switch label={SERVICE_FLAG_LABELS.hasRefill} {...form.getInputProps('hasRefill', { type: 'checkbox' })} />
                <Switch label="Drip-feed allowed" {...form.getInputProps('dripFeedIsAllowed', { type: 'checkbox' })} />
              </Group>
              {v.autoRefill ? (
                <>
                  <Switch label="Auto-refill" {...form.getInputProps('autoRefill.allowed', { type: 'checkbox' })} />
                  <SimpleGrid cols={{ base: 1, sm: 3 }}>
                    <NumberInput label="Refill after (hours)" min={1} allowDecimal={false} {...form.getInputProps('autoRefill.afterHours')} />
                    <PercentInput label="Fill at once" decimals={4} {...form.getInputProps('autoRefill.onceFillPercent')} />
                    <PercentInput label="Maximum total refilled" decimals={4} {...form.getInputProps('autoRefill.maxTotalRefilledPercent')} />
                    <PercentInput label="Minimum drop" decimals={4} {...form.getInputProps('autoRefill.minDropPercent')} />
                    <PercentInput label="Maximum drop" decimals={4} {...form.getInputProps('autoRefill.maxDropPercent')} />
                  </SimpleGrid>
                </>
              ) : (
                <Text size="sm" c="dimmed">
                  The auto-refill settings need the "write auto refill params" permission.
                </Text>
              )}
            </FormSection>

            <FormSection title="Flags">
              <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
                {ORDER_FLAGS.map((flag) => (
                  <Switch key={flag} label={SERVICE_FLAG_LABELS[flag]} {...form.getInputProps(flag, { type: 'checkbox' })} />
                ))}
              </SimpleGrid>
            </FormSection>

            <FormSection title="Storefront texts" description="Shown on the service's page, in every locale.">
              <Select
                label="Full description location"
                allowDeselect={false}
                data={FULL_DESCRIPTION_LOCATIONS.map((l) => ({ value: l, label: l === 'header' ? 'Header' : 'Footer' }))}
                {...form.getInputProps('fullDescriptionLocation')}
              />
              <TranslatedTexts
                label="Texts"
                fields={[
                  { name: 'shortDescription', label: 'Short description', multiline: true },
                  { name: 'description', label: 'Description', multiline: true },
                  { name: 'exampleLink', label: 'Example link' },
                  { name: 'speed', label: 'Speed' },
                  { name: 'geo', label: 'Geo' },
                  { name: 'requirements', label: 'Requirements', multiline: true },
                  { name: 'guarantee', label: 'Guarantee' },
                  { name: 'startTime', label: 'Start time' },
                  { name: 'reviews', label: 'Reviews', multiline: true },
                  { name: 'metaTitle', label: 'Meta title' },
                  { name: 'metaDescription', label: 'Meta description', multiline: true },
                ]}
                {...form.getInputProps('translations')}
                errors={form.errors}
              />
            </FormSection>
          </Stack>
        </fieldset>
      </FormScreen>
    </Stack>
  );
}

function ServiceHeader({ detail }: { detail?: ServiceDetail }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { can } = useListEngine();
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<{ message: string; service: ServiceDetail }>, title: string, open?: boolean) => {
    setBusy(true);
    try {
      const answer = await work();
      notifications.show({ color: 'teal', title, message: answer.message });
      await queryClient.invalidateQueries({ queryKey: ['list', 'services'] });
      if (open) await navigate({ to: `/services/${answer.service.id}` as string });
      else queryClient.setQueryData(serviceQuery(answer.service.id).queryKey, answer.service);
    } catch (error) {
      notifications.show({ color: 'red', title: `${title}: failed`, message: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  const archive = async () => {
    if (!detail) return;
    const impact = await queryClient.fetchQuery(impactQuery(detail.id, 'archive'));
    const ok = await confirm({
      title: `Archive service ${detail.id}?`,
      body: <ImpactDetails impact={impact} />,
      agree: 'Archive',
      disagree: 'Cancel',
      agreeColor: 'yellow',
      undoable: 'Unarchive brings it back.',
    });
    if (ok) await run(() => api('servicesArchive', { params: { serviceId: detail.id } }), 'Service archived');
  };
  const unarchive = async () => {
    if (!detail) return;
    const ok = await confirm({
      title: `Bring service ${detail.id} back?`,
      body: 'It comes back from the archive disabled.',
      agree: 'Unarchive',
      disagree: 'Cancel',
      undoable: 'Archiving it again puts it back.',
    });
    if (ok) await run(() => api('servicesUnarchive', { params: { serviceId: detail.id } }), 'Service unarchived');
  };
  const copy = async () => {
    if (!detail) return;
    const ok = await confirm({
      title: `Copy service ${detail.id}?`,
      body: 'The copy gets a new slug, the same texts, providers, labels and targets, and starts disabled.',
      agree: 'Copy',
      disagree: 'Cancel',
      undoable: 'The copy can be archived.',
    });
    if (ok) await run(() => api('servicesCopy', { params: { serviceId: detail.id } }), 'Service copied', true);
  };
  const manage = can('manageServicesAndProviders');
  return (
    <RecordHeader
      back={{ to: '/services', label: 'Services' }}
      title={detail ? `Service ${detail.id}: ${detail.name}` : 'New service'}
      status={
        detail && (
          <>
            {detail.isArchived ? (
              <StatusLabel value="archived" text="Archived" />
            ) : (
              <StatusLabel value={detail.isEnabled ? 'active' : 'disabled'} text={detail.isEnabled ? 'Enabled' : 'Disabled'} />
            )}
            <Badge variant="light" color="gray" style={{ textTransform: 'none' }}>
              {detail.translationState.complete.length}/12 locales complete
            </Badge>
          </>
        )
      }
      description={
        detail && (
          <Text size="sm" c="dimmed">
            {detail.network.name} · {detail.serviceType.name}
          </Text>
        )
      }
      actions={
        detail &&
        manage && (
          <Group gap="xs">
            {detail.actions.archivable && (
              <Button variant="light" color="yellow" loading={busy} onClick={() => void archive()}>
                Archive
              </Button>
            )}
            {detail.actions.unarchivable && (
              <Button variant="light" loading={busy} onClick={() => void unarchive()}>
                Unarchive
              </Button>
            )}
            {detail.actions.copyable && (
              <Button variant="light" loading={busy} onClick={() => void copy()}>
                Copy
              </Button>
            )}
          </Group>
        )
      }
    />
  );
}

type Form = ReturnType<typeof useContractForm<Values, ServiceBody>>;

function ProvidersField({
  form,
  info,
  onInfo,
}: {
  form: Form;
  info: Map<number, { name: string; provider: string; price: string; per: number }>;
  onInfo: (option: ProviderServiceOption) => void;
}) {
  const [text, setText] = useState('');
  const [search] = useDebouncedValue(text.trim(), 300);
  const options = useQuery({
    queryKey: ['catalogue', 'provider-services', search],
    queryFn: ({ signal }) => api('servicesProviderServices', { query: { search: search || undefined }, signal }),
    staleTime: 30_000,
  });
  const chosen = new Set(form.values.providers.map((p) => p.providerServiceId));
  const data = (options.data ?? [])
    .filter((o) => !chosen.has(o.id))
    .map((o) => ({ value: String(o.id), label: `${o.id} · ${o.name} (${o.provider.name}, ${o.sourcePrice} / ${o.sourcePricingPer})` }));
  const providers = form.values.providers;
  const error = form.errors.providers;
  return (
    <Stack gap="xs" data-path="providers" tabIndex={-1}>
      {providers.length > 0 && (
        <SmallTable
          withTableBorder
          verticalSpacing={4}
          rows={providers}
          rowKey={(p) => p.providerServiceId}
          columns={[
            {
              header: 'Provider service',
              render: (p, i) => {
                const rowError = form.errors[`providers.${i}.providerServiceId`];
                return (
                  <>
                    <Text size="sm" data-path={`providers.${i}.providerServiceId`} tabIndex={-1}>
                      {p.providerServiceId} · {info.get(p.providerServiceId)?.name ?? 'Provider service'}
                    </Text>
                    {rowError && (
                      <Text size="xs" c="red">
                        {rowError}
                      </Text>
                    )}
                  </>
                );
              },
            },
            { header: 'Provider', render: (p) => info.get(p.providerServiceId)?.provider ?? '—' },
            {
              header: 'Source price',
              render: (p) => {
                const about = info.get(p.providerServiceId);
                return about ? `${about.price} / ${about.per}` : '—';
              },
            },
            {
              header: 'Active',
              render: (p, i) => (
                <Switch
                  aria-label={`Provider service ${p.providerServiceId} is active`}
                  {...form.getInputProps(`providers.${i}.isActive`, { type: 'checkbox' })}
                />
              ),
            },
            {
              header: <span className="visually-hidden">Order and remove</span>,
              render: (p, i) => (
                <Group gap={4} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    aria-label={`Move provider service ${p.providerServiceId} up`}
                    disabled={i === 0}
                    onClick={() => form.reorderListItem('providers', { from: i, to: i - 1 })}
                  >
                    ↑
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    aria-label={`Move provider service ${p.providerServiceId} down`}
                    disabled={i === providers.length - 1}
                    onClick={() => form.reorderListItem('providers', { from: i, to: i + 1 })}
                  >
                    ↓
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove provider service ${p.providerServiceId}`}
                    onClick={() => form.removeListItem('providers', i)}
                  >
                    ×
                  </ActionIcon>
                </Group>
              ),
            },
          ]}
        />
      )}
      <Select
        label="Add a provider service"
        placeholder="Search by name, provider or id"
        searchable
        searchValue={text}
        onSearchChange={setText}
        data={data}
        value={null}
        nothingFoundMessage={options.isFetching ? 'Searching…' : 'No provider service found'}
        filter={({ options: all }) => all}
        onChange={(value) => {
          const option = options.data?.find((o) => String(o.id) === value);
          if (!option) return;
          onInfo(option);
          form.insertListItem('providers', { providerServiceId: option.id, isActive: true });
          setText('');
        }}
        error={error}
      />
    </Stack>
  );
}

function TargetsField({ form, collections }: { form: Form; collections: ServiceCollections }) {
  const targets = form.values.targets;
  const chosen = new Set(targets.map((t) => t.targetId));
  const byId = new Map(collections.targets.map((t) => [t.id, t]));
  return (
    <Stack gap="xs">
      {targets.map((t, i) => {
        const target = byId.get(t.targetId);
        const label = `${target?.name ?? `Target ${t.targetId}`}${target ? ` (${target.targetType.title})` : ''}`;
        return (
          <Group key={t.targetId} align="flex-end" wrap="nowrap">
            <TagsInput
              style={{ flex: 1 }}
              label={`Targetable values of ${label}`}
              description={target?.targetType.selectable ? "Choose from the target's values." : 'Empty: every value.'}
              data={target?.selectableValues ?? []}
              clearable
              {...form.getInputProps(`targets.${i}.targetableValues`)}
            />
            <Button variant="subtle" color="red" onClick={() => form.removeListItem('targets', i)} aria-label={`Remove target ${label}`}>
              Remove
            </Button>
          </Group>
        );
      })}
      <Select
        label="Add a target"
        searchable
        value={null}
        data={collections.targets.filter((t) => !chosen.has(t.id)).map((t) => ({ value: String(t.id), label: `${t.name} (${t.targetType.title})` }))}
        onChange={(value) => value && form.insertListItem('targets', { targetId: Number(value), targetableValues: [] })}
        nothingFoundMessage="No target found"
      />
    </Stack>
  );
}

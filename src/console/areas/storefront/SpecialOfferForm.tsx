import { Alert, Group, Loader, MultiSelect, Select, Switch } from '@mantine/core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  SPECIAL_OFFER_TRANSLATION_FIELDS,
  specialOfferBodySchema,
  type SpecialOfferBody,
  type SpecialOfferDetail,
  type SpecialOfferRow,
} from '../../../contract/storefront';
import type { Translations } from '../../../contract/locales';
import type { ActionDialogProps } from '../../resource/actions';
import { api } from '../../api/client';
import { errorMessage } from '../../api/errors';
import { TranslationsField } from '../../forms/fields';
import { FormDialog } from '../../forms/FormDialog';
import { useContractForm } from '../../forms/useContractForm';
import { offerCollectionQuery, offerNetworksQuery, offerServiceTypesQuery, specialOfferQuery } from './queries';

/**
 * The special offer form (its screen is ./SpecialOfferEditor.tsx): place and position from the collection,
 * the network, optional service types (sent only when at least one is chosen), the services of the
 * network (loaded page by page until a page comes back empty), the translated name, enabled. Save
 * updates when the offer has an id, else creates.
 */

interface Values {
  place: string | null;
  position: string | null;
  networkId: string | null;
  serviceTypes: string[];
  services: string[];
  isEnabled: boolean;
  translations: Translations<(typeof SPECIAL_OFFER_TRANSLATION_FIELDS)[number]>;
}

const toBody = (v: Values): SpecialOfferBody => ({
  place: (v.place ?? undefined) as never,
  position: (v.position ?? undefined) as never,
  network_id: (v.networkId ? Number(v.networkId) : undefined) as never,
  // Service types travel only when at least one is chosen.
  ...(v.serviceTypes.length ? { service_types: v.serviceTypes.map(Number) } : {}),
  services: v.services.map(Number),
  is_enabled: v.isEnabled,
  translations: v.translations,
});

export function SpecialOfferDialog(props: ActionDialogProps<SpecialOfferRow, SpecialOfferBody>) {
  const id = (props.row as SpecialOfferRow | undefined)?.id;
  const detail = useQuery({ ...specialOfferQuery(id ?? 0), enabled: id !== undefined, staleTime: 0 });
  if (detail.isError) return <Alert color="red">{errorMessage(detail.error)}</Alert>;
  if (id !== undefined && !detail.data) return <Loader size="sm" aria-label="Loading the special offer" />;
  return <SpecialOfferForm {...props} detail={id !== undefined ? detail.data : undefined} />;
}

function SpecialOfferForm({ detail, ...props }: ActionDialogProps<SpecialOfferRow, SpecialOfferBody> & { detail?: SpecialOfferDetail }) {
  const collection = useQuery(offerCollectionQuery());
  const networks = useQuery(offerNetworksQuery());
  const form = useContractForm<Values, SpecialOfferBody>({
    schema: specialOfferBodySchema,
    errors: props.errors,
    initialValues: {
      place: detail?.place ?? null,
      position: detail?.position ?? null,
      networkId: detail ? String(detail.network.id) : null,
      serviceTypes: detail?.serviceTypes.map((t) => String(t.id)) ?? [],
      services: detail?.services.map((s) => String(s.id)) ?? [],
      isEnabled: detail?.isEnabled ?? false,
      translations: (detail?.translations ?? {}) as Values['translations'],
    },
    fieldMap: { service_types: 'serviceTypes', network_id: 'networkId', is_enabled: 'isEnabled' },
    transform: toBody,
    draft: { key: `special-offer:${detail?.id ?? 'new'}`, updatedAt: detail?.updatedAt },
  });
  const v = form.values;
  const networkId = v.networkId ? Number(v.networkId) : null;
  const types = useQuery({ ...offerServiceTypesQuery(networkId ?? 0), enabled: networkId !== null });
  const services = useNetworkServices(networkId);
  const chosenTypes = new Set(v.serviceTypes.map(Number));
  const serviceData = services.items
    .filter((s) => chosenTypes.size === 0 || chosenTypes.has(s.serviceTypeId) || v.services.includes(String(s.id)))
    .map((s) => ({ value: String(s.id), label: `${s.name} (#${s.id}) · ${s.serviceType}` }));
  for (const s of detail?.services ?? []) {
    if (!serviceData.some((d) => d.value === String(s.id))) serviceData.push({ value: String(s.id), label: `${s.name} (#${s.id}) · ${s.serviceType}` });
  }

  return (
    <FormDialog form={form} {...props} submitLabel={detail ? 'Save' : 'Create'}>
      <TranslationsField
        label="Name"
        required={['en']}
        fields={[{ name: 'name', label: 'Name' }]}
        {...form.getInputProps('translations')}
        errors={form.errors}
      />
      <Group grow align="flex-start">
        <Select label="Place" required data={collection.data?.places ?? []} {...form.getInputProps('place')} />
        <Select label="Position" required data={collection.data?.positions ?? []} {...form.getInputProps('position')} />
      </Group>
      <Select
        label="Network"
        required
        searchable
        data={networks.data?.map((n) => ({ value: String(n.id), label: n.name })) ?? []}
        {...form.getInputProps('networkId')}
        onChange={(value) => {
          if (value !== v.networkId) {
            form.setFieldValue('serviceTypes', []);
            form.setFieldValue('services', []);
          }
          form.setFieldValue('networkId', value);
        }}
      />
      <MultiSelect
        label="Service types"
        description="None chosen: every service type of the network."
        searchable
        clearable
        disabled={networkId === null}
        data={types.data?.map((t) => ({ value: String(t.id), label: t.name })) ?? []}
        {...form.getInputProps('serviceTypes')}
      />
      <MultiSelect
        label="Services"
        required
        searchable
        clearable
        maxDropdownHeight={260}
        disabled={networkId === null}
        placeholder={networkId === null ? 'Choose the network first' : 'Search services'}
        description={
          networkId === null
            ? undefined
            : services.loading
              ? `Loading services… ${services.items.length} so far`
              : `${services.items.length} services of the network`
        }
        rightSection={services.loading ? <Loader size="xs" /> : undefined}
        data={serviceData}
        {...form.getInputProps('services')}
      />
      <Switch label="Enabled" {...form.getInputProps('isEnabled', { type: 'checkbox' })} />
    </FormDialog>
  );
}

/** Every service of the network, page after page, stopping at the first empty page. */
function useNetworkServices(networkId: number | null) {
  const query = useInfiniteQuery({
    queryKey: ['storefront', 'offer-services', networkId],
    queryFn: ({ pageParam, signal }) => api('specialOffersServices', { query: { network_id: networkId!, page: pageParam } as never, signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.items.length === 0 ? undefined : last.page + 1),
    enabled: networkId !== null,
    staleTime: 60_000,
  });
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isFetching } = query;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !query.isError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, query.isError]);
  return { items: query.data?.pages.flatMap((p) => p.items) ?? [], loading: isFetching || !!hasNextPage };
}

import { Alert, Autocomplete, Loader, NumberInput, Select, SimpleGrid, TextInput, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  SERVICE_TYPE_TRANSLATION_FIELDS,
  serviceTypeBodySchema,
  type ServiceTypeBody,
  type ServiceTypeDetail,
  type ServiceTypeRow,
} from '../../../contract/catalogue';
import type { Translations } from '../../../contract/locales';
import type { ActionDialogProps } from '../../resource/actions';
import { api } from '../../api/client';
import { errorMessage } from '../../api/errors';
import { FormDialog } from '../../forms/FormDialog';
import { useContractForm } from '../../forms/useContractForm';
import { IconColorFields, orNull } from './fields';
import { TranslatedTexts } from './TranslatedTexts';

/**
 * The service type editor: network, type (Youtube by default), slug, icon, colour, descriptions,
 * reviews, and its texts in every locale.
 */

interface Values {
  translations: Translations<(typeof SERVICE_TYPE_TRANSLATION_FIELDS)[number]>;
  networkId: string | null;
  type: string;
  slug: string;
  icon: string;
  color: string;
  description: string;
  fullDescription: string;
  panelServiceTypeId: number | string;
  reviewsCount: number | string;
  reviewsRating: string;
}

const toBody = (v: Values): ServiceTypeBody => ({
  translations: v.translations,
  networkId: v.networkId ? Number(v.networkId) : null,
  type: v.type,
  slug: v.slug,
  icon: orNull(v.icon),
  color: orNull(v.color),
  description: v.description,
  fullDescription: v.fullDescription,
  panelServiceTypeId: v.panelServiceTypeId === '' ? null : Number(v.panelServiceTypeId),
  reviewsCount: v.reviewsCount === '' ? 0 : Number(v.reviewsCount),
  reviewsRating: v.reviewsRating === '' ? '0' : String(v.reviewsRating),
});

export function ServiceTypeDialog(props: ActionDialogProps<ServiceTypeRow, ServiceTypeBody>) {
  const id = (props.row as ServiceTypeRow | undefined)?.id;
  const collections = useQuery({
    queryKey: ['catalogue', 'service-type-collections'],
    queryFn: ({ signal }) => api('serviceTypesCollections', { signal }),
    staleTime: 0,
  });
  const detail = useQuery({
    queryKey: ['detail', 'service-types', id],
    queryFn: ({ signal }) => api('serviceTypesShow', { params: { serviceTypeId: id! }, signal }),
    enabled: id !== undefined,
    staleTime: 0,
  });
  if (collections.isError || detail.isError) return <Alert color="red">{errorMessage(collections.error ?? detail.error)}</Alert>;
  if (!collections.data || (id !== undefined && !detail.data)) return <Loader size="sm" aria-label="Loading the service type" />;
  return <ServiceTypeForm {...props} collections={collections.data} detail={detail.data} />;
}

function ServiceTypeForm({
  detail,
  collections,
  ...props
}: ActionDialogProps<ServiceTypeRow, ServiceTypeBody> & {
  detail: ServiceTypeDetail | undefined;
  collections: { networks: { id: number; name: string }[]; types: string[]; defaultType: string };
}) {
  const form = useContractForm<Values, ServiceTypeBody>({
    schema: serviceTypeBodySchema,
    errors: props.errors,
    initialValues: {
      translations: (detail?.translationsText ?? {}) as Values['translations'],
      networkId: detail ? String(detail.network.id) : null,
      type: detail?.type ?? collections.defaultType,
      slug: detail?.slug ?? '',
      icon: detail?.icon ?? '',
      color: detail?.color ?? '',
      description: detail?.description ?? '',
      fullDescription: detail?.fullDescription ?? '',
      panelServiceTypeId: detail?.panelServiceTypeId ?? '',
      reviewsCount: detail?.reviewsCount ?? 0,
      reviewsRating: detail?.reviewsRating ?? '0',
    },
    transform: toBody,
    draft: { key: `service-type:${detail?.id ?? 'new'}`, updatedAt: detail?.updatedAt },
  });
  return (
    <FormDialog form={form} {...props} submitLabel={detail ? 'Save' : 'Create'}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label="Network"
          required
          data-autofocus
          searchable
          data={collections.networks.map((n) => ({ value: String(n.id), label: n.name }))}
          {...form.getInputProps('networkId')}
        />
        <Autocomplete label="Type" required description="Youtube unless chosen otherwise." data={collections.types} {...form.getInputProps('type')} />
      </SimpleGrid>
      <TranslatedTexts
        label="Texts"
        required={['en']}
        fields={[
          { name: 'name', label: 'Name' },
          { name: 'title', label: 'Title' },
          { name: 'shortDescription', label: 'Short description', multiline: true },
          { name: 'faq', label: 'FAQ', multiline: true },
          { name: 'reviews', label: 'Reviews', multiline: true },
          { name: 'metaTitle', label: 'Meta title' },
          { name: 'metaDescription', label: 'Meta description', multiline: true },
        ]}
        {...form.getInputProps('translations')}
        errors={form.errors}
      />
      <TextInput label="Slug" description="Made from the English name when empty." {...form.getInputProps('slug')} />
      <IconColorFields form={form} />
      <Textarea label="Description" rows={2} {...form.getInputProps('description')} />
      <Textarea label="Full description" rows={3} {...form.getInputProps('fullDescription')} />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <NumberInput label="Reviews" min={0} allowDecimal={false} {...form.getInputProps('reviewsCount')} />
        <TextInput label="Rating" description="0 to 5." {...form.getInputProps('reviewsRating')} />
        <NumberInput label="Panel service type id" min={1} allowDecimal={false} {...form.getInputProps('panelServiceTypeId')} />
      </SimpleGrid>
    </FormDialog>
  );
}

import { Alert, Loader, TextInput, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { NETWORK_TRANSLATION_FIELDS, networkBodySchema, type NetworkBody, type NetworkDetail, type NetworkRow } from '../../../contract/catalogue';
import type { Translations } from '../../../contract/locales';
import type { ActionDialogProps } from '../../resource/actions';
import { api } from '../../api/client';
import { errorMessage } from '../../api/errors';
import { FormDialog } from '../../forms/FormDialog';
import { useContractForm } from '../../forms/useContractForm';
import { IconColorFields, lines, orNull } from './fields';
import { TranslatedTexts } from './TranslatedTexts';

/** Create and edit a network: translated name and description, machine name, icon, colour, URL examples. */

interface Values {
  translations: Translations<(typeof NETWORK_TRANSLATION_FIELDS)[number]>;
  network: string;
  icon: string;
  color: string;
  urlExamples: string;
}

const toBody = (v: Values): NetworkBody => ({
  translations: v.translations,
  network: v.network,
  icon: orNull(v.icon),
  color: orNull(v.color),
  urlExamples: lines(v.urlExamples),
});

export function NetworkDialog(props: ActionDialogProps<NetworkRow, NetworkBody>) {
  const id = (props.row as NetworkRow | undefined)?.id;
  const detail = useQuery({
    queryKey: ['detail', 'networks', id],
    queryFn: ({ signal }) => api('networksShow', { params: { networkId: id! }, signal }),
    enabled: id !== undefined,
    staleTime: 0,
  });
  if (detail.isError) return <Alert color="red">{errorMessage(detail.error)}</Alert>;
  if (id !== undefined && !detail.data) return <Loader size="sm" aria-label="Loading the network" />;
  return <NetworkForm {...props} detail={detail.data} />;
}

function NetworkForm({ detail, ...props }: ActionDialogProps<NetworkRow, NetworkBody> & { detail: NetworkDetail | undefined }) {
  const form = useContractForm<Values, NetworkBody>({
    schema: networkBodySchema,
    errors: props.errors,
    initialValues: {
      translations: (detail?.translationsText ?? {}) as Values['translations'],
      network: detail?.network ?? '',
      icon: detail?.icon ?? '',
      color: detail?.color ?? '',
      urlExamples: (detail?.urlExamples ?? []).join('\n'),
    },
    transform: toBody,
    draft: { key: `network:${detail?.id ?? 'new'}`, updatedAt: detail?.updatedAt },
  });
  return (
    <FormDialog form={form} {...props} submitLabel={detail ? 'Save' : 'Create'}>
      <TranslatedTexts
        label="Texts"
        required={['en']}
        fields={[
          { name: 'name', label: 'Name' },
          { name: 'description', label: 'Description', multiline: true },
        ]}
        {...form.getInputProps('translations')}
        errors={form.errors}
      />
      <TextInput
        label="Machine name"
        required
        placeholder="youtube"
        description="Lower-case letters, digits and underscores."
        data-autofocus
        {...form.getInputProps('network')}
      />
      <IconColorFields form={form} />
      <Textarea label="URL examples" description="One per line." rows={2} {...form.getInputProps('urlExamples')} />
    </FormDialog>
  );
}

import { Alert, Anchor, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { labelBodySchema, type LabelBody, type LabelRow } from '../../../contract/catalogue';
import type { Translations } from '../../../contract/locales';
import type { ActionDialogProps } from '../../resource/actions';
import { api } from '../../api/client';
import { errorMessage } from '../../api/errors';
import { FormDialog } from '../../forms/FormDialog';
import { useContractForm } from '../../forms/useContractForm';
import { TranslatedTexts } from './TranslatedTexts';

/** The label (feature) editor: icon and translated name; the services showing it. */

interface Values {
  icon: string;
  translations: Translations<'name'>;
}

export function LabelDialog(props: ActionDialogProps<LabelRow, LabelBody>) {
  const label = props.row as LabelRow | undefined;
  const form = useContractForm<Values, LabelBody>({
    schema: labelBodySchema,
    errors: props.errors,
    initialValues: { icon: label?.icon ?? '', translations: (label?.translationsText ?? {}) as Values['translations'] },
    draft: { key: `label:${label?.id ?? 'new'}`, updatedAt: label?.updatedAt },
  });
  return (
    <FormDialog form={form} {...props} submitLabel={label ? 'Save' : 'Create'}>
      <TextInput label="Icon" required placeholder="fire" data-autofocus {...form.getInputProps('icon')} />
      <TranslatedTexts label="Name" required={['en']} fields={[{ name: 'name', label: 'Name' }]} {...form.getInputProps('translations')} errors={form.errors} />
      {label && <UsedBy label={label} />}
    </FormDialog>
  );
}

function UsedBy({ label }: { label: LabelRow }) {
  const services = useQuery({
    queryKey: ['catalogue', 'label-services', label.id],
    queryFn: ({ signal }) => api('labelsUsedServices', { params: { labelId: label.id }, signal }),
    staleTime: 0,
  });
  if (services.isPending) return <Loader size="xs" aria-label="Loading the services showing the label" />;
  if (services.isError) return <Alert color="red">{errorMessage(services.error)}</Alert>;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        Shown on {services.data.length} service{services.data.length === 1 ? '' : 's'}
      </Text>
      <Text size="sm">
        {services.data.slice(0, 12).map((s, i) => (
          <span key={s.id}>
            {i > 0 && ', '}
            <Anchor component={Link} to={`/services/${s.id}`} size="sm">
              {s.name}
            </Anchor>
          </span>
        ))}
        {services.data.length > 12 && (
          <>
            {' '}
            <Anchor component={Link} to="/services" search={{ labels: String(label.id) } as never} size="sm">
              and {services.data.length - 12} more
            </Anchor>
          </>
        )}
      </Text>
    </Stack>
  );
}

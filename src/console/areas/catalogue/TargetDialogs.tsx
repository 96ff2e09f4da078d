import { Alert, Loader, Select, SimpleGrid, Switch, TagsInput, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  TARGET_TYPE_KIND_LABELS,
  TARGET_TYPE_KINDS,
  TARGET_VIEW_TYPE_LABELS,
  TARGET_VIEW_TYPES,
  targetBodySchema,
  targetTypeBodySchema,
  type TargetBody,
  type TargetRow,
  type TargetTypeBody,
  type TargetTypeKind,
  type TargetTypeRow,
  type TargetViewType,
} from '../../../contract/catalogue';
import type { Translations } from '../../../contract/locales';
import type { ActionDialogProps } from '../../resource/actions';
import { api } from '../../api/client';
import { errorMessage } from '../../api/errors';
import { FormDialog } from '../../forms/FormDialog';
import { useContractForm } from '../../forms/useContractForm';
import { TranslatedTexts } from './TranslatedTexts';

/** Target and target type editors. */

interface TargetValues {
  translations: Translations<'name' | 'description' | 'placeholder'>;
  target_type_id: string | null;
  is_visible_default_values: boolean;
  selectable_values: string[];
}

export function TargetDialog(props: ActionDialogProps<TargetRow, TargetBody>) {
  const dictionaries = useQuery({
    queryKey: ['catalogue', 'target-dictionaries'],
    queryFn: ({ signal }) => api('targetsDictionaries', { signal }),
    staleTime: 0,
  });
  if (dictionaries.isError) return <Alert color="red">{errorMessage(dictionaries.error)}</Alert>;
  if (!dictionaries.data) return <Loader size="sm" aria-label="Loading the target types" />;
  return <TargetForm {...props} types={dictionaries.data.targetTypes} />;
}

function TargetForm({ types, ...props }: ActionDialogProps<TargetRow, TargetBody> & { types: { id: number; title: string; selectable: boolean }[] }) {
  const target = props.row as TargetRow | undefined;
  const form = useContractForm<TargetValues, TargetBody>({
    schema: targetBodySchema,
    errors: props.errors,
    initialValues: {
      translations: (target?.translationsText ?? {}) as TargetValues['translations'],
      target_type_id: target ? String(target.targetType.id) : null,
      is_visible_default_values: target?.isVisibleDefaultValues ?? false,
      selectable_values: target?.selectableValues ?? [],
    },
    transform: (v) => ({ ...v, target_type_id: v.target_type_id ? Number(v.target_type_id) : null }),
    draft: { key: `target:${target?.id ?? 'new'}`, updatedAt: target?.updatedAt },
  });
  const type = types.find((t) => String(t.id) === form.values.target_type_id);
  return (
    <FormDialog form={form} {...props} submitLabel={target ? 'Save' : 'Create'}>
      <Select
        label="Target type"
        required
        data-autofocus
        searchable
        data={types.map((t) => ({ value: String(t.id), label: t.title }))}
        {...form.getInputProps('target_type_id')}
      />
      <TranslatedTexts
        label="Texts"
        required={['en']}
        fields={[
          { name: 'name', label: 'Name' },
          { name: 'description', label: 'Description', multiline: true },
          { name: 'placeholder', label: 'Placeholder' },
        ]}
        {...form.getInputProps('translations')}
        errors={form.errors}
      />
      <TagsInput
        label="Selectable values"
        description={type && !type.selectable ? 'This target type takes free input; values are suggestions.' : 'Press Enter after each value.'}
        clearable
        {...form.getInputProps('selectable_values')}
      />
      <Switch label="Show the default values" {...form.getInputProps('is_visible_default_values', { type: 'checkbox' })} />
    </FormDialog>
  );
}

interface TypeValues {
  name: TargetTypeKind | null;
  title: string;
  viewType: TargetViewType | null;
  selectable: boolean;
  enabledForService: boolean;
}

export function TargetTypeDialog(props: ActionDialogProps<TargetTypeRow, TargetTypeBody>) {
  const row = props.row as TargetTypeRow | undefined;
  const form = useContractForm<TypeValues, TargetTypeBody>({
    schema: targetTypeBodySchema,
    errors: props.errors,
    initialValues: {
      name: row?.name ?? null,
      title: row?.title ?? '',
      viewType: row?.viewType ?? null,
      selectable: row?.selectable ?? false,
      enabledForService: row?.enabledForService ?? true,
    },
    transform: (v) => v as TargetTypeBody,
    draft: { key: `target-type:${row?.id ?? 'new'}`, updatedAt: row?.updatedAt },
  });
  return (
    <FormDialog form={form} {...props} submitLabel={row ? 'Save' : 'Create'}>
      <TextInput label="Title" required data-autofocus {...form.getInputProps('title')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select label="Kind" required data={TARGET_TYPE_KINDS.map((k) => ({ value: k, label: TARGET_TYPE_KIND_LABELS[k] }))} {...form.getInputProps('name')} />
        <Select
          label="View type"
          required
          data={TARGET_VIEW_TYPES.map((k) => ({ value: k, label: TARGET_VIEW_TYPE_LABELS[k] }))}
          {...form.getInputProps('viewType')}
        />
      </SimpleGrid>
      <Switch label="Values are chosen from a list" {...form.getInputProps('selectable', { type: 'checkbox' })} />
      <Switch label="Available to services" {...form.getInputProps('enabledForService', { type: 'checkbox' })} />
    </FormDialog>
  );
}

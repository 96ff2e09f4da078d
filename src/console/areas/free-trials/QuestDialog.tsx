import { Alert, Loader, NumberInput, Select, SimpleGrid, Switch, Textarea, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  FREE_TRIAL_QUEST_KIND_LABELS,
  FREE_TRIAL_QUEST_KINDS,
  freeTrialQuestBodySchema,
  type FreeTrialCollections,
  type FreeTrialQuestBody,
  type FreeTrialQuestRow,
} from '../../../contract/free-trials';
import type { ActionDialogProps } from '../../resource/actions';
import { errorMessage } from '../../api/errors';
import { FormDialog } from '../../forms/FormDialog';
import { useContractForm } from '../../forms/useContractForm';
import { freeTrialCollectionsQuery } from './collections';

/** Create or edit a free-trial quest; the server's errors land on their fields. */

interface Values {
  name: string;
  description: string;
  kind: string;
  taskUrl: string;
  serviceId: string | null;
  quantity: number | string;
  perUserLimit: number | string;
  isEnabled: boolean;
}

const whole = (v: number | string): number => (typeof v === 'number' ? v : v === '' ? NaN : Number(v));

const toBody = (v: Values): FreeTrialQuestBody => ({
  name: v.name,
  description: v.description,
  kind: v.kind as FreeTrialQuestBody['kind'],
  taskUrl: v.taskUrl,
  serviceId: v.serviceId ? Number(v.serviceId) : null,
  quantity: whole(v.quantity),
  perUserLimit: whole(v.perUserLimit),
  isEnabled: v.isEnabled,
});

export function QuestDialog(props: ActionDialogProps<FreeTrialQuestRow, FreeTrialQuestBody>) {
  const collections = useQuery(freeTrialCollectionsQuery());
  if (collections.isError) return <Alert color="red">{errorMessage(collections.error)}</Alert>;
  if (!collections.data) return <Loader size="sm" aria-label="Loading services" />;
  return <QuestForm {...props} collections={collections.data} />;
}

function QuestForm({ row: given, collections, ...props }: ActionDialogProps<FreeTrialQuestRow, FreeTrialQuestBody> & { collections: FreeTrialCollections }) {
  // Undefined when creating: one dialog serves create and edit.
  const row = given as FreeTrialQuestRow | undefined;
  const form = useContractForm<Values, FreeTrialQuestBody>({
    schema: freeTrialQuestBodySchema,
    errors: props.errors,
    transform: toBody,
    initialValues: {
      name: row?.name ?? '',
      description: row?.description ?? '',
      kind: row?.kind ?? 'subscribe',
      taskUrl: row?.taskUrl ?? '',
      serviceId: row?.service ? String(row.service.id) : null,
      quantity: row?.quantity ?? 100,
      perUserLimit: row?.perUserLimit ?? 1,
      isEnabled: row?.isEnabled ?? true,
    },
    draft: { key: row ? `free-trial-quest:${row.id}` : 'free-trial-quest:new' },
  });
  const services = collections.services.map((s) => ({ value: String(s.id), label: s.name }));
  if (row?.service && !services.some((s) => s.value === String(row.service!.id))) services.unshift({ value: String(row.service.id), label: row.service.name });
  return (
    <FormDialog form={form} {...props} submitLabel={row ? 'Save' : 'Create quest'}>
      <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
      <Select
        label="Task"
        required
        allowDeselect={false}
        data={FREE_TRIAL_QUEST_KINDS.map((k) => ({ value: k, label: FREE_TRIAL_QUEST_KIND_LABELS[k] }))}
        {...form.getInputProps('kind')}
      />
      <TextInput label="Task link" placeholder="https://" description="Where the customer does the task" {...form.getInputProps('taskUrl')} />
      <Textarea label="Description" autosize minRows={2} {...form.getInputProps('description')} />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Select label="Free service" required data={services} searchable nothingFoundMessage="No such service" {...form.getInputProps('serviceId')} />
        <NumberInput label="Quantity" required min={1} allowDecimal={false} thousandSeparator=" " {...form.getInputProps('quantity')} />
        <NumberInput label="Requests per customer" required min={1} max={1000} allowDecimal={false} {...form.getInputProps('perUserLimit')} />
      </SimpleGrid>
      <Switch label="Offered on the storefront" {...form.getInputProps('isEnabled', { type: 'checkbox' })} />
    </FormDialog>
  );
}

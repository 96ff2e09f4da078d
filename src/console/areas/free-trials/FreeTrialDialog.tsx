import { Alert, Loader, NumberInput, Select, SimpleGrid, Text, Textarea, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { freeTrialBodySchema, type FreeTrialBody, type FreeTrialCollections, type FreeTrialRow } from '../../../contract/free-trials';
import type { ActionDialogProps } from '../../resource/actions';
import { errorMessage } from '../../api/errors';
import { FormDialog } from '../../forms/FormDialog';
import { UserPicker } from '../../forms/fields/UserPicker';
import { useContractForm } from '../../forms/useContractForm';
import { freeTrialCollectionsQuery } from './collections';

/**
 * Create or edit a free-trial request (one dialog; `row` undefined when creating). The server's
 * answer to a bad request is shown on its fields and the dialog stays open (store and update
 * hand back the error body): an unknown e-mail on "User", a quantity past the service's
 * maximum on "Quantity". The user is searched on the server as the name, e-mail or id is typed.
 */

interface Values {
  userEmail: string;
  serviceId: string | null;
  questId: string | null;
  url: string;
  quantity: number | string;
  comment: string;
}

const toBody = (v: Values): FreeTrialBody => ({
  userEmail: v.userEmail,
  serviceId: v.serviceId ? Number(v.serviceId) : null,
  questId: v.questId ? Number(v.questId) : null,
  url: v.url,
  quantity: typeof v.quantity === 'number' ? v.quantity : v.quantity === '' ? NaN : Number(v.quantity),
  comment: v.comment.trim() ? v.comment : null,
});

export function FreeTrialDialog(props: ActionDialogProps<FreeTrialRow, FreeTrialBody>) {
  const collections = useQuery(freeTrialCollectionsQuery());
  if (collections.isError) return <Alert color="red">{errorMessage(collections.error)}</Alert>;
  if (!collections.data) return <Loader size="sm" aria-label="Loading services and quests" />;
  return <FreeTrialForm {...props} collections={collections.data} />;
}

function FreeTrialForm({ row: given, collections, ...props }: ActionDialogProps<FreeTrialRow, FreeTrialBody> & { collections: FreeTrialCollections }) {
  // Undefined when creating: one dialog serves create and edit.
  const row = given as FreeTrialRow | undefined;
  const form = useContractForm<Values, FreeTrialBody>({
    schema: freeTrialBodySchema,
    errors: props.errors,
    transform: toBody,
    initialValues: {
      userEmail: row?.user?.email ?? '',
      serviceId: row?.service ? String(row.service.id) : null,
      questId: row?.quest ? String(row.quest.id) : null,
      url: row?.url ?? '',
      quantity: row?.quantity ?? 100,
      comment: row?.comment ?? '',
    },
    draft: { key: row ? `free-trial:${row.id}` : 'free-trial:new' },
  });
  const services = collections.services.map((s) => ({ value: String(s.id), label: s.name }));
  // A request may name a service that was switched off since: keep it choosable on edit.
  if (row?.service && !services.some((s) => s.value === String(row.service!.id))) services.unshift({ value: String(row.service.id), label: row.service.name });
  const quests = collections.quests.map((q) => ({ value: String(q.id), label: q.name }));
  const chooseQuest = (value: string | null) => {
    form.setFieldValue('questId', value);
    const quest = collections.quests.find((q) => String(q.id) === value);
    // A quest's reward fills the service and quantity; both stay editable.
    if (quest?.serviceId) form.setFieldValue('serviceId', String(quest.serviceId));
    if (quest) form.setFieldValue('quantity', quest.quantity);
  };
  return (
    <FormDialog form={form} {...props} submitLabel={row ? 'Save' : 'Create request'}>
      {row && (
        <Text size="sm" c="dimmed">
          Free trial {row.id}, requested {row.createdAt}. Only pending requests can be changed.
        </Text>
      )}
      <div data-path="userEmail">
        <UserPicker
          label="User"
          by="email"
          required
          data-autofocus
          value={form.values.userEmail || null}
          selected={row?.user ?? null}
          error={form.errors.userEmail}
          onChange={(value) => form.setFieldValue('userEmail', value ?? '')}
        />
      </div>
      <Select
        label="Quest"
        description="Leave empty for a request made without a quest"
        data={quests}
        clearable
        searchable
        {...form.getInputProps('questId')}
        onChange={chooseQuest}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select label="Service" required data={services} searchable nothingFoundMessage="No such service" {...form.getInputProps('serviceId')} />
        <NumberInput label="Quantity" required min={1} allowDecimal={false} thousandSeparator=" " {...form.getInputProps('quantity')} />
      </SimpleGrid>
      <TextInput label="URL" required placeholder="https://" {...form.getInputProps('url')} />
      <Textarea label="Comment" description="What the customer wrote, or the proof of the quest" autosize minRows={2} {...form.getInputProps('comment')} />
    </FormDialog>
  );
}

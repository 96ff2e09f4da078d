import { Alert, Checkbox, Loader, Stack, Switch, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { webhookBodySchema, type WebhookBody, type WebhookRow } from '../../../contract/webhooks';
import type { ActionDialogProps } from '../../resource/actions';
import { api } from '../../api/client';
import { errorMessage } from '../../api/errors';
import { FormDialog } from '../../forms/FormDialog';
import { useContractForm } from '../../forms/useContractForm';
import { eventLabel } from './eventLabel';

/** Create and edit a webhook: URL, the events it receives, active. `row` is undefined when creating. */

interface Values {
  url: string;
  webhook_types: string[];
  is_active: boolean;
}

export function WebhookDialog(props: ActionDialogProps<WebhookRow, WebhookBody>) {
  const types = useQuery({ queryKey: ['webhook-types'], queryFn: ({ signal }) => api('webhookTypes', { signal }), staleTime: 10 * 60_000 });
  if (types.isError) return <Alert color="red">{errorMessage(types.error)}</Alert>;
  if (!types.data) return <Loader size="sm" aria-label="Loading the events" />;
  return <WebhookForm {...props} types={types.data} />;
}

function WebhookForm({ row, types, ...props }: ActionDialogProps<WebhookRow, WebhookBody> & { types: { id: number; type: string }[] }) {
  const webhook = row as WebhookRow | undefined;
  const form = useContractForm<Values, WebhookBody>({
    schema: webhookBodySchema,
    errors: props.errors,
    initialValues: {
      url: webhook?.url ?? '',
      webhook_types: (webhook?.webhookTypes ?? []).map((t) => String(t.id)),
      is_active: webhook?.isActive ?? true,
    },
    transform: (v) => ({ url: v.url.trim(), webhook_types: v.webhook_types.map(Number), is_active: v.is_active }),
    draft: { key: `webhook:${webhook?.id ?? 'new'}` },
  });
  return (
    <FormDialog form={form} {...props} submitLabel={webhook ? 'Save' : 'Create'}>
      <TextInput label="URL" required data-autofocus placeholder="https://example.com/hooks/panel" {...form.getInputProps('url')} />
      <Checkbox.Group label="Events" description="The webhook receives these events." required {...form.getInputProps('webhook_types')}>
        <Stack gap={6} mt={6}>
          {types.map((t) => (
            <Checkbox key={t.id} value={String(t.id)} label={eventLabel(t.type)} />
          ))}
        </Stack>
      </Checkbox.Group>
      <Switch label="Active" {...form.getInputProps('is_active', { type: 'checkbox' })} />
    </FormDialog>
  );
}

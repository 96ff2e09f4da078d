import { Alert, MultiSelect, Skeleton, Stack, Switch, Text, Textarea, Title } from '@mantine/core';
import { notifications as toasts } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { notificationsUpdateBodySchema, type NotificationsUpdateBody } from '../../../contract/notifications';
import { api } from '../../api/client';
import { errorMessage } from '../../api/errors';
import { FormScreen, FormSection } from '../../forms/FormScreen';
import { useContractForm } from '../../forms/useContractForm';
import { SmallTable } from '../../ui/SmallTable';

/**
 * The panel's notifications: each one's description and whether it is sent;
 * and the admin notifications — which staff members get each staff notification. One save sends
 * both (PUT /notifications with admin_notifications), so they are never half saved.
 */

type Shown = Awaited<ReturnType<typeof load>>;
const load = async (signal?: AbortSignal) => {
  const [panel, admin] = await Promise.all([api('notificationsShow', { signal }), api('adminNotificationsShow', { signal })]);
  return { panel: panel.panel_notifications, admin: admin.admin_notifications, staff: admin.staff };
};

interface Values {
  panel_notifications: { notification: string; description: string; is_enabled: boolean }[];
  admin_notifications: { notification: string; users: string[] }[];
}

const toValues = (data: Shown): Values => ({
  panel_notifications: data.panel.map((n) => ({ notification: n.notification, description: n.description, is_enabled: n.is_enabled })),
  admin_notifications: data.admin.map((a) => ({ notification: a.notification, users: a.users.map(String) })),
});

export function NotificationsScreen() {
  const query = useQuery({ queryKey: ['notifications', 'settings'], queryFn: ({ signal }) => load(signal) });
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Notifications
      </Title>
      {query.isPending ? (
        <Skeleton h={400} />
      ) : query.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(query.error)}
        </Alert>
      ) : (
        <NotificationsForm data={query.data} />
      )}
    </Stack>
  );
}

function NotificationsForm({ data }: { data: Shown }) {
  const queryClient = useQueryClient();
  const form = useContractForm<Values, NotificationsUpdateBody>({
    schema: notificationsUpdateBodySchema,
    initialValues: toValues(data),
    transform: (v) => ({
      panel_notifications: v.panel_notifications,
      admin_notifications: v.admin_notifications.map((a) => ({ notification: a.notification, users: a.users.map(Number) })),
    }),
    draft: { key: 'notifications' },
  });
  const staffOptions = data.staff.map((s) => ({ value: String(s.id), label: `${s.name} (${s.email})${s.isActive ? '' : ' — deactivated'}` }));
  const nameOf = new Map([...data.panel, ...data.admin].map((n) => [n.notification, n.name]));

  const save = async (body: NotificationsUpdateBody) => {
    const answer = await api('notificationsUpdate', { body });
    toasts.show({ color: 'teal', message: answer.message });
    await queryClient.invalidateQueries({ queryKey: ['notifications', 'settings'] });
  };

  return (
    <FormScreen form={form} onSubmit={save}>
      <FormSection title="Notification settings" description="What the panel sends, and the text that describes each one.">
        <SmallTable
          label="Notification settings"
          rows={form.values.panel_notifications}
          rowKey={(n) => n.notification}
          columns={[
            { header: 'Notification', width: 220, render: (n) => <Text fw={500}>{nameOf.get(n.notification) ?? n.notification}</Text> },
            {
              header: 'Description',
              render: (n, i) => (
                <Textarea
                  autosize
                  minRows={1}
                  aria-label={`Description of ${nameOf.get(n.notification) ?? n.notification}`}
                  {...form.getInputProps(`panel_notifications.${i}.description`)}
                />
              ),
            },
            {
              header: 'Enabled',
              width: 120,
              render: (n, i) => (
                <Switch
                  aria-label={`${nameOf.get(n.notification) ?? n.notification} enabled`}
                  {...form.getInputProps(`panel_notifications.${i}.is_enabled`, { type: 'checkbox' })}
                />
              ),
            },
          ]}
        />
      </FormSection>
      <FormSection title="Admin notifications" description="Which staff members get each staff notification.">
        <Stack gap="sm">
          {form.values.admin_notifications.map((a, i) => (
            <MultiSelect
              key={a.notification}
              label={nameOf.get(a.notification) ?? a.notification}
              description={data.admin.find((x) => x.notification === a.notification)?.description}
              placeholder={a.users.length ? undefined : 'Nobody'}
              data={staffOptions}
              searchable
              clearable
              {...form.getInputProps(`admin_notifications.${i}.users`)}
            />
          ))}
        </Stack>
      </FormSection>
    </FormScreen>
  );
}

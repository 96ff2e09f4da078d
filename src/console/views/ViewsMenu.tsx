import { Button, Checkbox, Group, Menu, Modal, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../api/client';
import { errorMessage, ValidationError } from '../api/errors';
import { confirm } from '../ui/confirm';
import { useListEngine } from '../list/engineContext';
import type { Resource } from '../resource/resource';
import { refreshSavedViews, useSavedViews, viewHref } from './useSavedViews';

/**
 * A list's Views menu: the shared views of the list and the member's own, each opened as the
 * link it is, and "Save current view…" (a name, and whether all staff see it). The current view
 * is the list's URL search (filters, search, sort, page size, columns), page 1.
 */
export function ViewsMenu<Row>({ resource, query }: { resource: Resource<Row>; query: string }) {
  const { staffId, navigate } = useListEngine();
  const client = useQueryClient();
  const views = useSavedViews(staffId).filter((v) => v.resource === resource.name);
  const [saving, setSaving] = useState(false);
  if (!resource.path) return null;
  const path = resource.path;
  const shared = views.filter((v) => v.shared);
  const own = views.filter((v) => !v.shared && v.mine);
  const deletable = views.filter((v) => v.mine);

  const remove = (id: number, name: string) =>
    void confirm({
      title: 'Delete view',
      body: `Delete the view "${name}"?`,
      agree: 'Delete',
      disagree: 'Cancel',
      agreeColor: 'red',
      undoable: false,
      onAgree: async () => {
        const answer = await api('savedViewsDestroy', { params: { viewId: id } });
        notifications.show({ color: 'green', title: 'Views', message: answer.message });
        await refreshSavedViews(client, staffId);
      },
    }).catch((error: unknown) => notifications.show({ color: 'red', title: 'Views', message: errorMessage(error) }));

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button variant="default" size="xs">
            Views{views.length > 0 ? ` (${views.length})` : ''}
          </Button>
        </Menu.Target>
        <Menu.Dropdown aria-label={`${resource.title} views`}>
          {shared.length > 0 && <Menu.Label>Shared with all staff</Menu.Label>}
          {shared.map((view) => (
            <Menu.Item
              key={view.id}
              onClick={() => navigate(viewHref(path, view))}
              rightSection={
                view.mine ? undefined : (
                  <Text size="xs" c="dimmed">
                    {view.owner.name}
                  </Text>
                )
              }
            >
              {view.name}
            </Menu.Item>
          ))}
          {own.length > 0 && <Menu.Label>Only mine</Menu.Label>}
          {own.map((view) => (
            <Menu.Item key={view.id} onClick={() => navigate(viewHref(path, view))}>
              {view.name}
            </Menu.Item>
          ))}
          {views.length > 0 && <Menu.Divider />}
          <Menu.Item onClick={() => setSaving(true)}>Save current view…</Menu.Item>
          {deletable.length > 0 && <Menu.Label>Delete one of mine</Menu.Label>}
          {deletable.map((view) => (
            <Menu.Item key={`delete-${view.id}`} color="red" onClick={() => remove(view.id, view.name)}>
              Delete “{view.name}”…
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      {saving && (
        <SaveViewDialog
          resource={resource}
          query={query}
          onClose={() => setSaving(false)}
          onSaved={(message) => {
            setSaving(false);
            notifications.show({ color: 'green', title: 'Views', message });
            void refreshSavedViews(client, staffId);
          }}
        />
      )}
    </>
  );
}

function SaveViewDialog<Row>({
  resource,
  query,
  onClose,
  onSaved,
}: {
  resource: Resource<Row>;
  query: string;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const [name, setName] = useState('');
  const [shared, setShared] = useState(false);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async () => {
    setSubmitting(true);
    setFailure(null);
    try {
      const answer = await api('savedViewsStore', { body: { resource: resource.name, endpoint: resource.endpoint, name, query, shared } });
      onSaved(answer.message);
    } catch (error) {
      if (error instanceof ValidationError) setErrors(error.errors);
      else setFailure(errorMessage(error));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={`Save this view of ${resource.title.toLowerCase()}`}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <TextInput
            label="Name"
            placeholder="Stuck over 24 h"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.name?.[0]}
            data-autofocus
            required
          />
          <Checkbox label="Share with all staff" checked={shared} onChange={(e) => setShared(e.currentTarget.checked)} />
          <Text size="xs" c="dimmed">
            Saves the filters, search, sort, page size and columns as they are now. The view opens as a link.
          </Text>
          {(failure || errors.query || errors.endpoint) && (
            <Text size="sm" c="red" role="alert">
              {failure ?? errors.query?.[0] ?? errors.endpoint?.[0]}
            </Text>
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={submitting}>
              Save view
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

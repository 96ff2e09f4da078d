import { Box, Group, Loader, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState, type KeyboardEvent, type UIEvent } from 'react';
import type { ProviderOption } from '../../contract/providers';
import { PROVIDER_TYPE_LABELS } from '../../contract/providers/columns';
import { formatMoney } from './format';
import { providerPagesQuery, providerSearchQuery } from './providerOptions';

/**
 * Chooses a provider for change-provider and recreate: typing searches by name or id (a list);
 * with an empty search the list pages in as it is scrolled, and the next page is asked for only
 * while the current page is before the last one and no page is loading.
 */
export interface ProviderPickerProps {
  value: ProviderOption | null;
  onChange: (provider: ProviderOption) => void;
  /** Only providers offering this service (one order's change provider). */
  serviceId?: number;
  error?: string | null;
  label?: string;
}

const SEARCH_DEBOUNCE_MS = 300;
/** How close to the bottom of the list (px) scrolling asks for the next page. */
const LOAD_MORE_THRESHOLD = 40;

export function ProviderPicker({ value, onChange, serviceId, error, label = 'Provider' }: ProviderPickerProps) {
  const [text, setText] = useState('');
  const [search] = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const searching = search !== '';
  const pages = useInfiniteQuery({ ...providerPagesQuery(serviceId), enabled: !searching });
  const found = useQuery({ ...providerSearchQuery(search, serviceId), enabled: searching });
  const listId = useId();

  const options: ProviderOption[] = useMemo(
    () => (searching ? (found.data ?? []) : (pages.data?.pages.flatMap((p) => p.items) ?? [])),
    [searching, found.data, pages.data],
  );
  const loading = searching ? found.isFetching : pages.isFetching;

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    if (searching || !pages.hasNextPage || pages.isFetchingNextPage || pages.isFetching) return;
    const el = event.currentTarget;
    if (el.scrollTop + el.clientHeight >= el.scrollHeight - LOAD_MORE_THRESHOLD) void pages.fetchNextPage();
  };

  const choose = (provider: ProviderOption) => onChange(provider);
  const onOptionKey = (event: KeyboardEvent<HTMLElement>, provider: ProviderOption) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      choose(provider);
    }
  };

  return (
    <Stack gap={4}>
      <TextInput
        label={label}
        placeholder="Search providers by name or id"
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        error={error ?? undefined}
        rightSection={loading ? <Loader size="xs" /> : null}
        aria-controls={listId}
        description={value ? `Chosen: ${value.name} (#${value.id})` : 'No provider chosen yet'}
      />
      <Box
        id={listId}
        role="listbox"
        aria-label="Providers"
        onScroll={onScroll}
        style={{ maxHeight: 220, overflowY: 'auto', border: '1px solid var(--mantine-color-default-border)', borderRadius: 4 }}
      >
        {options.map((provider) => {
          const selected = value?.id === provider.id;
          return (
            <UnstyledButton
              key={provider.id}
              role="option"
              aria-selected={selected}
              onClick={() => choose(provider)}
              onKeyDown={(event) => onOptionKey(event, provider)}
              px="sm"
              py={6}
              w="100%"
              bg={selected ? 'var(--mantine-primary-color-light)' : undefined}
            >
              <Group justify="space-between" wrap="nowrap">
                <Text size="sm">
                  {provider.name}{' '}
                  <Text span c="dimmed" size="xs">
                    #{provider.id} · {PROVIDER_TYPE_LABELS[provider.type]}
                  </Text>
                </Text>
                <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(provider.balance, { currency: provider.currency })}
                </Text>
              </Group>
            </UnstyledButton>
          );
        })}
        {!loading && options.length === 0 && (
          <Text size="sm" c="dimmed" px="sm" py={6}>
            No providers found
          </Text>
        )}
      </Box>
    </Stack>
  );
}

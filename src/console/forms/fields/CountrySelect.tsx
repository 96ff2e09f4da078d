import { ActionIcon, Group, Loader, MultiSelect, Tooltip, type ComboboxItem, type MultiSelectProps, type OptionsFilter } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { countriesQuery, countryMatches, flagOf } from './countries';
import { RetryIcon } from './icons';

export interface CountrySelectProps extends Omit<MultiSelectProps, 'data' | 'value' | 'defaultValue' | 'onChange' | 'filter' | 'searchable'> {
  /** ISO 3166-1 alpha-2 codes ('DE'). */
  value?: string[];
  defaultValue?: string[];
  onChange?: (codes: string[]) => void;
  /** Show each country's flag before its name. */
  withFlags?: boolean;
}

const filter: OptionsFilter = ({ options, search, limit }) => {
  const found = [];
  for (const option of options) {
    const item = option as ComboboxItem;
    if (countryMatches({ code: item.value, name: item.label }, search)) found.push(option);
    if (found.length >= limit) break;
  }
  return found;
};

/**
 * Countries picked by name or code, with search (accents ignored). The list comes from
 * GET /api/v1/countries once per session. Codes already chosen stay visible (as their codes) while
 * the list loads or if it cannot be loaded, and a failed load can be retried from the field.
 */
export function CountrySelect({
  value,
  defaultValue,
  onChange,
  withFlags = false,
  label = 'Countries',
  placeholder,
  error,
  disabled,
  rightSection,
  ...others
}: CountrySelectProps) {
  const countries = useQuery(countriesQuery());

  const data = useMemo(() => {
    const items: ComboboxItem[] = (countries.data ?? []).map((c) => ({ value: c.code, label: c.name }));
    const known = new Set(items.map((i) => i.value));
    for (const code of [...(value ?? defaultValue ?? [])]) if (!known.has(code)) items.push({ value: code, label: code });
    return items;
  }, [countries.data, value, defaultValue]);

  const failed = countries.isError && !countries.data;
  const loading = countries.isPending;

  return (
    <MultiSelect
      searchable
      clearable
      hidePickedOptions
      maxDropdownHeight={280}
      nothingFoundMessage={loading ? 'Loading countries…' : 'No country matches'}
      {...others}
      label={label}
      placeholder={placeholder ?? (loading ? 'Loading countries…' : 'Search countries')}
      data={data}
      value={value}
      defaultValue={defaultValue}
      onChange={onChange}
      filter={filter}
      disabled={disabled}
      error={error ?? (failed ? 'The country list could not be loaded.' : undefined)}
      rightSectionPointerEvents={failed ? 'all' : undefined}
      rightSection={
        rightSection ??
        (loading ? (
          <Loader size="xs" aria-label="Loading countries" />
        ) : failed ? (
          <Tooltip label="Load the countries again">
            <ActionIcon variant="subtle" color="gray" aria-label="Load the countries again" onClick={() => void countries.refetch()}>
              <RetryIcon />
            </ActionIcon>
          </Tooltip>
        ) : undefined)
      }
      renderOption={
        withFlags
          ? ({ option }) => (
              <Group gap="xs" wrap="nowrap">
                <span aria-hidden="true">{flagOf(option.value)}</span>
                <span>{option.label}</span>
              </Group>
            )
          : undefined
      }
    />
  );
}

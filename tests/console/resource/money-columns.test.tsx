import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { endpoints } from '../../../src/contract/endpoints';
import { money } from '../../../src/contract/fields';
import { CONSOLE_RESOURCES } from '../../../src/console/app/areas';
import { defaultCell } from '../../../src/console/table/cells';

/**
 * Every amount of money a list shows is written the one way (formatMoney): a currency sign, thousands
 * grouped by a space, the currency's decimals. Each list's row is built from its contract schema with
 * every money field set to an amount that gives itself away when written raw ('9876543.125'), every
 * column that reads money is rendered, and the markup (text and attributes such as titles and hints)
 * must never hold the raw amount or a float's rounding of it. Lists added later are checked without
 * an edit here.
 */

const RAW = '9876543.125';
const GROUPED = /(?:[$€£₽₹₺₴₸¥₩₫]|R\$|CN¥)9 876 543\.\d{2,4}|9 876 543\.\d{2,8} [A-Z]{3,4}/;

type Schema = z.ZodType & { _zod: { def: Record<string, any> } };

/** A value for a schema: money fields get RAW, everything else a plain valid value. */
function sample(schema: Schema, key: string): unknown {
  if (schema === (money as unknown)) return RAW;
  const def = schema._zod.def;
  switch (def.type) {
    case 'object':
      return Object.fromEntries(Object.entries(def.shape as Record<string, Schema>).map(([k, s]) => [k, sample(s, k)]));
    case 'nullable':
    case 'optional':
    case 'default':
    case 'readonly':
    case 'nonoptional':
      return sample(def.innerType, key);
    case 'pipe':
      return sample(def.in, key);
    case 'array':
      return [];
    case 'record':
      return {};
    case 'enum':
      return Object.values(def.entries)[0];
    case 'literal':
      return def.values[0];
    case 'union':
      return sample(def.options[0], key);
    case 'number':
    case 'int':
      return 7;
    case 'boolean':
      return true;
    case 'string':
      return /currency/i.test(key) ? 'EUR' : /at$|date/i.test(key) ? '2026-01-02 03:04:05' : 'text';
    default:
      return null;
  }
}

/** Whether a schema holds money, itself or in a field of its own. */
function holdsMoney(schema: Schema | undefined): boolean {
  if (!schema) return false;
  if (schema === (money as unknown)) return true;
  const def = schema._zod.def;
  if (def.type === 'object') return Object.values(def.shape as Record<string, Schema>).some(holdsMoney);
  if (['nullable', 'optional', 'default', 'readonly', 'nonoptional'].includes(def.type)) return holdsMoney(def.innerType);
  return false;
}

function fieldAt(schema: Schema, path: string): Schema | undefined {
  let current: Schema | undefined = schema;
  for (const part of path.split('.')) {
    while (current && ['nullable', 'optional', 'default', 'readonly'].includes(current._zod.def.type)) current = current._zod.def.innerType;
    if (!current || current._zod.def.type !== 'object') return undefined;
    current = (current._zod.def.shape as Record<string, Schema>)[part];
  }
  return current;
}

const valueAt = (row: unknown, path: string): unknown => path.split('.').reduce<any>((v, part) => (v == null ? v : v[part]), row);

const rowSchemaOf = (endpointName: string): Schema => {
  const e = (endpoints as Record<string, { response: Schema }>)[endpointName];
  return e.response._zod.def.shape.items._zod.def.element as Schema;
};

const cases = CONSOLE_RESOURCES.flatMap((resource) => {
  const schema = rowSchemaOf(resource.endpoint);
  return resource.columns
    .filter((c) => holdsMoney(fieldAt(schema, c.key)))
    .map((column) => [`${resource.name} · ${column.header}`, resource, column, schema] as const);
});

describe('money in every list', () => {
  it('finds the money columns of the lists (the walk over the contract works)', () => {
    const names = cases.map(([name]) => name);
    expect(names).toEqual(expect.arrayContaining(['orders · Price', 'users · Balance', 'invoices · Amount', 'withdrawals · Amount', 'transactions · Amount']));
    expect(names.length).toBeGreaterThan(15);
  });

  it.each(cases)('%s is written by the money formatter', (_name, _resource, column, schema) => {
    const row = sample(schema, '');
    const cell = column.render ? column.render(row as never) : defaultCell(valueAt(row, column.key), column.key);
    const markup = renderToStaticMarkup(<MantineProvider env="test">{cell}</MantineProvider>);
    expect(markup).toMatch(GROUPED);
    expect(markup).not.toContain('9876543');
    expect(markup).not.toMatch(/9[ ,]?876[ ,]?543\.12[0-46-9]/);
  });
});

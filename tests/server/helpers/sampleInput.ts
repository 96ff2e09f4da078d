import type { z } from 'zod';

/**
 * A plausible value for a zod schema, for requests that must look valid (the permission matrix):
 * every required field filled with the simplest value of its type — ids 1, strings 'x' (or an
 * address for an e-mail), the first option of an enum, one element in an array — and optional or
 * defaulted fields left out. Not every schema's refinements are met; callers may check with
 * safeParse.
 */
export function sampleInput(schema: z.ZodType | undefined): unknown {
  if (!schema) return undefined;
  const def = (schema as unknown as { _zod: { def: Record<string, any> } })._zod.def;
  switch (def.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(def.shape as Record<string, z.ZodType>)) {
        const value = sampleInput(field);
        if (value !== undefined) out[key] = value;
      }
      return out;
    }
    case 'optional':
    case 'default':
    case 'prefault':
      return undefined;
    case 'nullable':
      return sampleInput(def.innerType) ?? null;
    case 'string': {
      const format = (schema as unknown as { format?: string }).format;
      if (format === 'email') return 'someone@example.test';
      if (format === 'url') return 'https://example.test/';
      const min = (schema as unknown as { minLength?: number | null }).minLength ?? 1;
      return 'x'.repeat(Math.max(min, 1));
    }
    case 'number':
    case 'int':
    case 'bigint':
      return 1;
    case 'boolean':
      return false;
    case 'date':
      return '2030-01-01';
    case 'literal':
      return def.values[0];
    case 'enum':
      return Object.values(def.entries as Record<string, unknown>)[0];
    case 'array':
      return [sampleInput(def.element) ?? 1];
    case 'tuple':
      return (def.items as z.ZodType[]).map((item) => sampleInput(item));
    case 'record':
      return {};
    case 'union':
      return sampleInput(def.options[0]);
    case 'intersection':
      return { ...(sampleInput(def.left) as object), ...(sampleInput(def.right) as object) };
    case 'pipe':
      return sampleInput(def.in);
    case 'lazy':
      return sampleInput(def.getter());
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return sampleInput(def.innerType);
    default:
      return undefined;
  }
}

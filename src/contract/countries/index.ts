import { z } from 'zod';
import { endpoint } from '../endpoint';

/**
 * Countries: the ISO 3166-1 alpha-2 list with English names, for the country pickers of services,
 * discounts and drip feeds. The list never
 * changes while the console runs, so the console reads it once per session.
 */
export const countrySchema = z.object({
  /** ISO 3166-1 alpha-2, upper case ('DE'). */
  code: z.string(),
  name: z.string(),
});
export type Country = z.infer<typeof countrySchema>;

export const countriesEndpoints = {
  countries: endpoint({
    method: 'GET',
    path: '/api/v1/countries',
    permission: 'authenticated',
    response: z.array(countrySchema),
    summary: 'Every ISO 3166-1 alpha-2 country code with its English name, by name',
  }),
};

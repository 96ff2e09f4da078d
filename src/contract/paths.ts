/** Paths of the admin API, without the schema library (the console's entry chunk reads them). */

export const ADMIN = '/api/v1/admin';

/** Fills `:name` parameters of a path; unknown or missing parameters throw (a programming error). */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** The price preview's address, prefilled. */
export function previewPath(params: { serviceId?: number; couponCode?: string; gradeId?: number; country?: string; userId?: number }): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  const text = search.toString();
  return `/price-preview${text ? `?${text}` : ''}`;
}

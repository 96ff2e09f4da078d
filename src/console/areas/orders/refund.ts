/**
 * The default refund amount as the cancel dialog uses it: the server may group
 * thousands with spaces ('1 234.50'); spaces are removed and the rest read as a number.
 * Anything that is not a number gives null (the field then starts empty).
 */
export function parseRefundAmount(raw: string | number | null | undefined): number | null {
  if (raw === null || raw === undefined) return null;
  const text = String(raw).replace(/[\s\u00a0]/g, '');
  if (text === '') return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

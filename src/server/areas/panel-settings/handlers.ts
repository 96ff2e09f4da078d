import { zodIssuesToErrors } from '../../../contract/errors';
import { panelSettingsBodySchema, SETTINGS_IMAGE_FIELDS, SETTINGS_UPDATED_EVENT, type PanelSettings } from '../../../contract/panel-settings';
import { COUNTERS_CHANNEL } from '../../../contract/realtime';
import { writeAudit } from '../../audit';
import type { AppContext } from '../../http/context';
import { fieldError, notFound, validationFailed } from '../../http/errors';
import { defineHandlers } from '../../http/handlers';
import { readFormOrJsonBody } from '../../http/form';
import { checkImage, readImage, removeImage, storeImage } from '../../kit/uploads';
import { readPanelSettings, writePanelSettings } from '../../db/panelSettings';

/**
 * Panel settings (GET and a multipart POST at /settings). A save writes every field in one
 * transaction, stores new images and deletes the ones they replace, then tells
 * every open console (the counters' channel every member joins) so title and icon change at once.
 */

const MAX_BODY_BYTES = 4 * 1024 * 1024;

/** Multipart (or JSON), cut at 4 MB while it streams; form indices bounded (readFormOrJsonBody). */
const readBody = (c: AppContext): Promise<unknown> => readFormOrJsonBody(c, MAX_BODY_BYTES);

/** Audit values: what changed, images by URL, nothing secret (there is no secret here). */
function changedFields(before: PanelSettings, after: PanelSettings) {
  const oldValues: Record<string, unknown> = {};
  const newValues: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof PanelSettings)[]) {
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    oldValues[key] = before[key];
    newValues[key] = after[key];
  }
  return { oldValues, newValues };
}

export const panelSettingsHandlers = defineHandlers({
  panelSettingsShow: async ({ deps }) => readPanelSettings(deps.database.db),

  panelSettingsUpdate: async ({ actor, deps, c }) => {
    const parsed = panelSettingsBodySchema.safeParse(await readBody(c));
    if (!parsed.success) throw validationFailed(zodIssuesToErrors(parsed.error.issues));
    const body = parsed.data;
    // Files are read and checked before the transaction starts.
    const images: Partial<Record<(typeof SETTINGS_IMAGE_FIELDS)[number], Awaited<ReturnType<typeof checkImage>>>> = {};
    for (const field of SETTINGS_IMAGE_FIELDS) {
      const value = body[field];
      if (value instanceof Blob) {
        const checked = await checkImage(value);
        if ('error' in checked) throw fieldError(field, checked.error);
        images[field] = checked;
      }
    }
    const { settings, before } = await deps.database.db.transaction(async (tx) => {
      const before = await readPanelSettings(tx);
      const next: PanelSettings = { ...before, ...body, favicon: before.favicon, logoLight: before.logoLight, logoDark: before.logoDark };
      for (const field of SETTINGS_IMAGE_FIELDS) {
        const value = body[field];
        const image = images[field];
        if (image && !('error' in image)) {
          next[field] = await storeImage(tx, field, image);
          await removeImage(tx, before[field]);
        } else if (value === undefined || value === before[field]) {
          // kept
        } else if (value === null || value === '') {
          next[field] = null;
          await removeImage(tx, before[field]);
        } else {
          throw fieldError(field, 'The image must be a file upload (or its current address to keep it).');
        }
      }
      await writePanelSettings(tx, next);
      const { oldValues, newValues } = changedFields(before, next);
      if (Object.keys(newValues).length) await writeAudit(tx, actor, { event: 'updated', auditableType: 'settings', auditableId: 1, oldValues, newValues });
      return { settings: next, before };
    });
    if (settings.panelName !== before.panelName || settings.favicon !== before.favicon) {
      deps.publish(COUNTERS_CHANNEL, SETTINGS_UPDATED_EVENT, { panelName: settings.panelName, favicon: settings.favicon });
    }
    return { message: 'Panel settings saved.', settings };
  },

  uploadedFile: async ({ params: { file }, deps }) => {
    const image = await readImage(deps.database.db, Number(file.split('-')[0]));
    if (!image) throw notFound('File');
    return new Response(Buffer.from(image.bytes), {
      headers: {
        'content-type': image.contentType,
        'content-length': String(image.bytes.length),
        // A replaced image gets a new address, so this one never changes.
        'cache-control': 'public, max-age=31536000, immutable',
        'x-content-type-options': 'nosniff',
        // An SVG opened on its own runs no script and loads nothing.
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      },
    });
  },
});

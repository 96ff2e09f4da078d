import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { services } from '../../db/schema/catalogue';

/** The catalogue area's own tables: labels, targets, target types and target attachments, and their links to services (db/schema/catalogue.ts holds networks, service types and services, which other areas read). */

/** Service labels (features): an icon and a translated name shown on services. */
export const labels = pgTable('labels', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  icon: text('icon').notNull().default(''),
  translations: jsonb('translations').$type<Record<string, Record<string, string>>>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const serviceLabels = pgTable(
  'service_labels',
  {
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    labelId: integer('label_id')
      .notNull()
      .references(() => labels.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.serviceId, t.labelId] }), index('service_labels_label_idx').on(t.labelId)],
);

/** Target types: the kind of targeting and how its input is shown. */
export const targetTypes = pgTable(
  'target_types',
  {
    id: serial('id').primaryKey(),
    /** The kind: geotargeting, comment, keyword, seo_keyword, language. */
    name: text('name').notNull(),
    title: text('title').notNull(),
    viewType: text('view_type').notNull(),
    /** The customer chooses among the target's selectable values. */
    selectable: boolean('selectable').notNull().default(false),
    enabledForService: boolean('enabled_for_service').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('target_types_name_check', sql`${t.name} IN ('geotargeting', 'comment', 'keyword', 'seo_keyword', 'language')`),
    check('target_types_view_type_check', sql`${t.viewType} IN ('float_input', 'input', 'multiselect', 'number_input', 'select', 'textarea', 'url_input')`),
  ],
);

/** Targets: one targeting question of a type, with its selectable values. */
export const targets = pgTable(
  'targets',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    placeholder: text('placeholder').notNull().default(''),
    selectableValues: jsonb('selectable_values').$type<string[]>().notNull().default([]),
    isVisibleDefaultValues: boolean('is_visible_default_values').notNull().default(false),
    targetTypeId: integer('target_type_id')
      .notNull()
      .references(() => targetTypes.id, { onDelete: 'restrict' }),
    translations: jsonb('translations').$type<Record<string, Record<string, string>>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('targets_target_type_idx').on(t.targetTypeId)],
);

/** The targets a service asks for, with the values it accepts (a subset of the target's, or free values). */
export const serviceTargets = pgTable(
  'service_targets',
  {
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    targetId: integer('target_id')
      .notNull()
      .references(() => targets.id, { onDelete: 'cascade' }),
    targetableValues: jsonb('targetable_values').$type<string[]>().notNull().default([]),
  },
  (t) => [primaryKey({ columns: [t.serviceId, t.targetId] }), index('service_targets_target_idx').on(t.targetId)],
);

/** Target attachments: extra inputs an order of the service carries (a file, a list…). */
export const targetAttachments = pgTable('target_attachments', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  isSystem: boolean('is_system').notNull().default(false),
  selectables: jsonb('selectables').$type<string[]>().notNull().default([]),
  type: text('type').notNull(),
});

export const serviceTargetAttachments = pgTable(
  'service_target_attachments',
  {
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    targetAttachmentId: integer('target_attachment_id')
      .notNull()
      .references(() => targetAttachments.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.serviceId, t.targetAttachmentId] })],
);

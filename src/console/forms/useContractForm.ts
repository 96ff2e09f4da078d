import { useForm, type FormErrors, type UseFormReturnType } from '@mantine/form';
import { useWindowEvent } from '@mantine/hooks';
import { useContext, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import type { z } from 'zod';
import { zodIssuesToErrors } from '../../contract/errors';
import { ListEngineContext } from '../list/engineContext';
import { readDraft, removeDraft, writeDraft, type DraftLocation } from './drafts';
import { mapServerErrors, valuePaths, type ErrorMapping } from './mapServerErrors';

/**
 * The one way to write a console form: a @mantine/form form validated by the contract's body
 * schema (the console checks what the server checks, never a hand-written copy), whose server
 * 422s land on their fields at any depth, and whose unsaved values survive a close or a reload.
 *
 * A field is an element inside the form carrying `data-path` (Mantine inputs get it from
 * `form.getInputProps(path)`; wrap a custom input in `<div data-path="provider">`) or an input
 * named by its path (`name="translations.fr.name"`, as composite fields name theirs). Errors whose
 * path has no field show in the form's general alert (FormAlert).
 */
export interface UseContractFormInput<Values, Body> extends Omit<ErrorMapping, 'knownPaths'> {
  /** The endpoint's body schema, or the part this form fills (`schema.omit({ orderId: true })`). */
  schema: z.ZodType;
  initialValues: Values;
  /** Form values (strings in inputs) -> the body checked by `schema` and sent; values as they are by default. */
  transform?: (values: Values) => Body;
  /** The server's field errors of the last attempt (an action dialog's `errors` prop). */
  errors?: Record<string, string[]> | null;
  /** Keep unsaved values as a draft of this form (`coupon:12`); `updatedAt` of the record, when known. */
  draft?: { key: string; updatedAt?: string | number | Date | null } | null;
}

export interface FormDraft {
  /** The form opened with a draft's values instead of the record's. */
  restored: boolean;
  /** Back to the record's values, draft forgotten. */
  discard: () => void;
  /** Forgets the draft (after a successful save). */
  clear: () => void;
}

export type ContractForm<Values, Body = Values> = UseFormReturnType<Values> & {
  /** The <form> element; FormDialog and FormScreen attach it. */
  element: RefObject<HTMLFormElement | null>;
  toBody: (values: Values) => Body;
  /** Puts server errors (ValidationError.errors) on their fields, the rest in the general alert. */
  setServerErrors: (errors: Record<string, string[]>) => void;
  /** Messages of current errors with no field in the form. */
  unplacedErrors: () => string[];
  /** Sets a value that arrives late (a fetched default) as part of the record, unless the member changed it. */
  setDefault: <K extends keyof Values & string>(key: K, value: Values[K]) => void;
  draft: FormDraft;
};

const DRAFT_DELAY_MS = 400;

/** The field elements of a form with their paths, in page order. */
function fieldNodes(element: HTMLElement | null): [path: string, node: HTMLElement][] {
  return Array.from(element?.querySelectorAll<HTMLElement>('[data-path], [name]') ?? [], (node) => [node.dataset.path ?? node.getAttribute('name')!, node]);
}

/** Paths with a field on screen inside the form element. */
export function fieldPathsIn(element: HTMLElement): Set<string> {
  return new Set(fieldNodes(element).map(([path]) => path));
}

/** Moves the focus to the first field (in page order) holding an error. */
export function focusFirstError(element: HTMLElement | null, errors: FormErrors): void {
  fieldNodes(element)
    .find(([path]) => errors[path])?.[1]
    .focus();
}

/** A blank value the schema calls a wrong type reads as Laravel's "required" (the contract's own messages come first). */
const requiredMessage = (issue: { code?: string; input?: unknown; path?: PropertyKey[] }) => {
  if (issue.code !== 'invalid_type' || (issue.input !== undefined && issue.input !== null)) return undefined;
  const name = String(issue.path?.at(-1) ?? 'value')
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return `The ${name} field is required.`;
};

export function useContractForm<Values extends Record<string, any>, Body = Values>(input: UseContractFormInput<Values, Body>): ContractForm<Values, Body> {
  const { schema, initialValues, transform, errors = null, fieldMap, mapErrorKey, draft } = input;
  const element = useRef<HTMLFormElement | null>(null);
  const toBody = (values: Values) => (transform ? transform(values) : values) as Body;

  const place = (raw: Record<string, string[]>): FormErrors => {
    const knownPaths = element.current ? fieldPathsIn(element.current) : valuePaths(form.getValues());
    const { fields, unplaced } = mapServerErrors(raw, { fieldMap, mapErrorKey, knownPaths });
    return { ...unplaced, ...fields };
  };

  const onValuesChange = useRef<() => void>(() => {});
  const form = useForm<Values>({
    initialValues,
    validate: (values) => {
      const parsed = schema.safeParse(toBody(values), { error: requiredMessage });
      return parsed.success ? {} : place(zodIssuesToErrors(parsed.error.issues));
    },
    onValuesChange: () => onValuesChange.current(),
  });

  const setServerErrors = (raw: Record<string, string[]>) => {
    const mapped = place(raw);
    form.setErrors(mapped);
    focusFirstError(element.current, mapped);
  };
  // Applied once per failed attempt (a new errors object), so typing can clear a field's error.
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows `errors` only; setServerErrors is recreated each render
  useEffect(() => {
    if (errors) setServerErrors(errors);
  }, [errors]);

  const staffId = useContext(ListEngineContext)?.staffId ?? null;
  const where: DraftLocation | null = draft && staffId !== null && staffId !== '' ? { staffId, key: draft.key } : null;
  const formDraft = useDraft(form, where, draft?.updatedAt ?? null, initialValues, onValuesChange);

  return {
    ...form,
    element,
    toBody,
    setServerErrors,
    unplacedErrors: () => {
      const fields = element.current ? fieldPathsIn(element.current) : new Set<string>();
      return Object.entries(form.errors)
        .filter(([path, message]) => message && !fields.has(path))
        .map(([, message]) => String(message));
    },
    setDefault: (key, value) => {
      if (form.isDirty(key)) return;
      form.setInitialValues({ ...form.getInitialValues(), [key]: value });
      form.setFieldValue(key, value as never);
    },
    draft: formDraft,
  };
}

/**
 * Writes the values (debounced) while they differ from the record's, restores them once on open
 * when the record did not change since, and writes the pending ones when the form closes or the
 * page goes away.
 */
function useDraft<Values>(
  form: UseFormReturnType<Values>,
  where: DraftLocation | null,
  updatedAt: string | number | Date | null,
  initialValues: Values,
  onValuesChange: RefObject<() => void>,
): FormDraft {
  const [restored, setRestored] = useState(false);
  const [base] = useState(initialValues);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef(false);
  const latest = useRef({ form, where });
  useLayoutEffect(() => {
    latest.current = { form, where };
  });

  const flush = () => {
    clearTimeout(timer.current);
    const { form: current, where: location } = latest.current;
    if (!pending.current || !location) return;
    pending.current = false;
    if (current.isDirty()) writeDraft(location, { savedAt: Date.now(), base, values: current.getValues() });
    else removeDraft(location);
  };
  onValuesChange.current = () => {
    if (!latest.current.where) return;
    pending.current = true;
    clearTimeout(timer.current);
    timer.current = setTimeout(flush, DRAFT_DELAY_MS);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per opening: later record refreshes do not overwrite what the member is typing
  useEffect(() => {
    const location = latest.current.where;
    if (!location) return;
    const saved = readDraft<Values>(location);
    if (!saved) return;
    const fresh = updatedAt !== null ? saved.savedAt > new Date(updatedAt).getTime() : JSON.stringify(saved.base) === JSON.stringify(base);
    if (!fresh || JSON.stringify(saved.values) === JSON.stringify(base)) {
      removeDraft(location);
      return;
    }
    latest.current.form.setValues(saved.values);
    setRestored(true);
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: flush reads the latest values from refs; it runs once, when the form closes
  useEffect(() => flush, []);
  useWindowEvent('pagehide', flush);

  const clear = () => {
    clearTimeout(timer.current);
    pending.current = false;
    if (latest.current.where) removeDraft(latest.current.where);
    setRestored(false);
  };
  return {
    restored,
    clear,
    discard: () => {
      form.reset();
      clear();
    },
  };
}

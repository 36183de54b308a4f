import { useEffect, useRef } from 'react';
import type { TFunction } from 'i18next';
import type { FieldErrors } from 'react-hook-form';
import type { SummaryError } from '@/components/ui/error-summary';

/** The element id of a form path: "members.0.firstName" → "members-0-firstName". */
export const fieldIdOf = (name: string) => name.replace(/\./g, '-');

/** A rule's code that carries its limit: "validation.application.tooLong.60". */
const WITH_LIMIT = /^(validation\.[\w.]+)\.(\d+)$/;

/**
 * The shared rules speak in i18n keys ("validation.application.phone"), a limit as the key's
 * last part ("validation.application.tooLong.60" reads "Use 60 characters or fewer"). Anything
 * else is a zod type message, which for a form input only happens when the field was left empty.
 */
export function translateMessage(t: TFunction, message: string): string {
  if (!message.startsWith('validation.')) return t('validation.required');
  const limited = WITH_LIMIT.exec(message);
  return limited ? t(limited[1]!, { max: Number(limited[2]) }) : t(message);
}

interface ErrorNode {
  message?: unknown;
  type?: unknown;
  root?: ErrorNode;
  [key: string]: unknown;
}

/** Every field error of a form as (path, message) pairs, depth first. */
function flatten(node: object, prefix: string, out: { path: string; message: string }[]) {
  const errors = node as ErrorNode;
  if (typeof errors.message === 'string' && typeof errors.type === 'string') {
    out.push({ path: prefix, message: errors.message });
    return;
  }
  if (errors.root && typeof errors.root.message === 'string') out.push({ path: prefix, message: errors.root.message });
  for (const [key, value] of Object.entries(errors)) {
    if (key === 'root' || key === 'ref' || value === null || typeof value !== 'object') continue;
    flatten(value, prefix ? `${prefix}.${key}` : key, out);
  }
}

const textOf = (element: Element | null | undefined) => element?.textContent?.trim() || undefined;

/**
 * What the summary calls a field: its label (a group's legend), after the legend of the
 * fieldset around it when there is one ("Person 2 – Date of birth").
 */
function labelOf(element: HTMLElement | null): string | undefined {
  if (!element) return undefined;
  const own =
    element.dataset.errorLabel ??
    (element instanceof HTMLInputElement || element instanceof HTMLSelectElement
      ? textOf(element.labels?.[0])
      : undefined);
  const group = element.dataset.errorLabel
    ? element.closest('fieldset')?.parentElement?.closest('fieldset')
    : element.closest('fieldset');
  const context = textOf(group?.querySelector(':scope > legend'));
  return [context, own].filter(Boolean).join(' – ') || undefined;
}

/**
 * The error summary's entries, in the order the fields appear on the page, each linking to
 * its field. Errors on a group (a list, a fieldset) link to the group's first input.
 */
export function summaryErrors(t: TFunction, errors: FieldErrors): SummaryError[] {
  const found: { path: string; message: string }[] = [];
  flatten(errors, '', found);
  const entries = found.map(({ path, message }) => {
    const field = fieldIdOf(path);
    const label = labelOf(document.getElementById(field));
    const text = translateMessage(t, message);
    return { field, message: label ? t('application.wizard.errorFor', { label, message: text }) : text };
  });
  const position = (id: string) => document.getElementById(id);
  return entries.sort((a, b) => {
    const first = position(a.field);
    const second = position(b.field);
    if (!first || !second) return 0;
    return first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;
  });
}

/** After a failed check, once the fields show it: focus the first invalid field in page order. */
export function focusFirstInvalid() {
  document
    .querySelector<HTMLElement>(
      'form [aria-invalid="true"]:is(input, select, textarea), form fieldset[aria-invalid="true"] input',
    )
    ?.focus();
}

/** Runs `focusFirstInvalid` after each submit attempt that found errors. */
export function useFocusFirstInvalid(submitCount: number, hasErrors: boolean) {
  const hasErrorsRef = useRef(hasErrors);
  useEffect(() => {
    hasErrorsRef.current = hasErrors;
  });
  useEffect(() => {
    if (submitCount > 0 && hasErrorsRef.current) focusFirstInvalid();
  }, [submitCount]);
}

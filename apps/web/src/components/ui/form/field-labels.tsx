import type { TFunction } from 'i18next';
import { createContext, type ReactNode, useContext, useLayoutEffect, useState } from 'react';
import type { FieldErrors } from 'react-hook-form';
import type { SummaryError } from '../error-summary';
import { fieldErrorText, fieldIdOf } from './error-messages';

/** What the error summary calls each field of a form, by path; filled by the fields themselves. */
type Labels = Map<string, string>;

const LabelsContext = createContext<Labels | undefined>(undefined);
const GroupContext = createContext<string | undefined>(undefined);

/** Holds the labels of a form's fields for its error summary; wrap the form's fields in it. */
export function FieldLabels({ children }: { children: ReactNode }) {
  const [labels] = useState<Labels>(() => new Map());
  return <LabelsContext value={labels}>{children}</LabelsContext>;
}

/** The fields inside are named after this group in the summary ("Person 2 – Date of birth"). */
export function LabelGroup({ label, children }: { label: string; children: ReactNode }) {
  return <GroupContext value={label}>{children}</GroupContext>;
}

/** A field tells the summary its label (after its group's, when it is in one). */
export function useFieldLabel(name: string, label: string) {
  const labels = useContext(LabelsContext);
  const group = useContext(GroupContext);
  const full = group ? `${group} – ${label}` : label;
  useLayoutEffect(() => {
    if (!labels) return;
    labels.set(name, full);
    return () => {
      labels.delete(name);
    };
  }, [labels, name, full]);
}

interface ErrorNode {
  message?: unknown;
  type?: unknown;
  root?: ErrorNode;
  [key: string]: unknown;
}

interface Found {
  path: string;
  type: string;
  message: string;
}

/** Every field error of a form, with its path, in the order of the form's values. */
function flatten(node: object, prefix: string, out: Found[]) {
  const errors = node as ErrorNode;
  if (typeof errors.message === 'string' && typeof errors.type === 'string') {
    out.push({ path: prefix, type: errors.type, message: errors.message });
    return;
  }
  if (errors.root && typeof errors.root.message === 'string') {
    out.push({ path: prefix, type: String(errors.root.type), message: errors.root.message });
  }
  for (const [key, value] of Object.entries(errors)) {
    if (key === 'root' || key === 'ref' || value === null || typeof value !== 'object') continue;
    flatten(value, prefix ? `${prefix}.${key}` : key, out);
  }
}

/**
 * The error summary's entries, from react-hook-form's errors: each links to its field and says
 * which field it is about, in the order of the schema's values (the order of the fields). An
 * error on a group (a list, a set of choices) links to the group's first input.
 */
export function useSummaryErrors(t: TFunction, errors: FieldErrors): SummaryError[] {
  const labels = useContext(LabelsContext);
  const found: Found[] = [];
  flatten(errors, '', found);
  return found.map(({ path, type, message }) => {
    const label = labels?.get(path);
    const text = fieldErrorText(t, { type, message }) ?? message;
    return { field: fieldIdOf(path), message: label ? t('forms.errorFor', { label, message: text }) : text };
  });
}

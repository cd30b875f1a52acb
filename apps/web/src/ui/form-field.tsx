import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';
import { ApiError } from '../lib/api-client';
import styles from './form-field.module.css';

/**
 * Form fields with a visible label, an accessible name and their hint or error tied to the
 * control (`aria-describedby`, `aria-invalid`). An error takes the hint's place, so the same
 * words never show twice.
 */
interface Described {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null | undefined;
}

function useDescription({ hint, error }: Omit<Described, 'label'>) {
  const id = useId();
  const noteId = `${id}-note`;
  const note = error ? (
    <p id={noteId} className={styles.error}>
      {error}
    </p>
  ) : hint ? (
    <p id={noteId} className={styles.hint}>
      {hint}
    </p>
  ) : null;
  return {
    id,
    note,
    control: {
      id,
      'aria-invalid': error ? (true as const) : undefined,
      'aria-describedby': note ? noteId : undefined,
    },
  };
}

export function TextField({
  label,
  hint,
  error,
  className,
  after,
  ...input
}: Described & InputHTMLAttributes<HTMLInputElement> & { after?: ReactNode }) {
  const { id, note, control } = useDescription({ hint, error });
  const field = <input className={className ?? styles.input} {...input} {...control} />;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      {after ? (
        <span className={styles.row}>
          {field}
          {after}
        </span>
      ) : (
        field
      )}
      {note}
    </div>
  );
}

export function SelectField({
  label,
  hint,
  error,
  options,
  placeholder,
  ...select
}: Described &
  SelectHTMLAttributes<HTMLSelectElement> & {
    options: readonly { value: string; label: string }[];
    /** The empty choice's text (shown while nothing is chosen). */
    placeholder?: string;
  }) {
  const { id, note, control } = useDescription({ hint, error });
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <select className={styles.input} {...select} {...control}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {note}
    </div>
  );
}

export function CheckField({
  label,
  hint,
  error,
  ...input
}: Described & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  const { id, note, control } = useDescription({ hint, error });
  return (
    <div className={styles.field}>
      <span className={styles.check}>
        <input type="checkbox" {...input} {...control} />
        <label htmlFor={id}>{label}</label>
      </span>
      {note}
    </div>
  );
}

/**
 * A failed call's messages split by the field they are about (the error entries' `name`), so
 * each shows under its field; the rest are general.
 */
export function fieldErrors(
  error: unknown,
  fields: readonly string[],
): { byField: Record<string, string>; general: string[] } {
  const byField: Record<string, string> = {};
  const general: string[] = [];
  if (!(error instanceof ApiError)) return { byField, general };
  for (const entry of error.envelope.datasource_entries) {
    const message = entry.dimension_value || entry.value;
    if (entry.name && fields.includes(entry.name) && !byField[entry.name]) {
      byField[entry.name] = message;
    } else general.push(message);
  }
  return { byField, general };
}

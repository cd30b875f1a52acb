import type { ErrorEntry } from '@dau/contracts/errors';
import { ApiError } from '../lib/api-client';
import styles from './error-list.module.css';

/** The messages of error entries, as the spec's alert lists them (dimension_value first). */
export function entryMessages(
  entries: readonly Pick<ErrorEntry, 'dimension_value' | 'value'>[],
): string[] {
  return entries.map((e) => e.dimension_value || e.value);
}

/** The messages of a failed call. */
export function messagesOf(error: unknown): string[] {
  if (error instanceof ApiError) return entryMessages(error.envelope.datasource_entries);
  return ['Something went wrong. Please try again.'];
}

/** Errors listed in an alert (doc 1 §8); nothing when there are none. */
export function ErrorList({ messages }: { messages: readonly string[] }) {
  if (messages.length === 0) return null;
  return (
    <div role="alert" className={styles.errors}>
      {messages.length === 1 ? (
        <p>{messages[0]}</p>
      ) : (
        <ul>
          {messages.map((m, i) => (
            <li key={i}>{m}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

import { useId, useState } from 'react';
import styles from './help-accordion.module.css';
import { tf } from './help-accordion-strings';
import { plainText, RichText } from './rich-text/rich-text';

export interface AccordionItem {
  _uid: string;
  label: string;
  content: string;
  default_open?: boolean;
}

/** The help accordion (spec doc 1 §2), with the optional 'Search for help' box. */
export function HelpAccordion({
  items,
  searchable = false,
  placeholder = 'Search for help',
}: {
  items: readonly AccordionItem[];
  searchable?: boolean;
  placeholder?: string;
}) {
  const [query, setQuery] = useState('');
  const searchId = useId();
  const needle = query.trim().toLowerCase();
  const shown = needle
    ? items.filter(
        (item) =>
          plainText(item.label).toLowerCase().includes(needle) ||
          plainText(item.content).toLowerCase().includes(needle),
      )
    : items;
  return (
    <div>
      {searchable && (
        <>
          <label className={styles.searchLabel} htmlFor={searchId}>
            {placeholder}
          </label>
          <input
            id={searchId}
            type="search"
            className={styles.search}
            placeholder={placeholder}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
        </>
      )}
      {shown.map((item) => (
        <details key={item._uid} className={styles.item} open={item.default_open || undefined}>
          <summary className={styles.summary}>
            <RichText inline value={item.label} />
          </summary>
          <RichText className={styles.body} value={item.content} />
        </details>
      ))}
      {shown.length === 0 && <p className={styles.muted}>{tf('noMatch', { query })}</p>}
    </div>
  );
}

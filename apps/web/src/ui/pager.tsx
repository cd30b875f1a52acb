import buttons from './button.module.css';
import styles from './pager.module.css';

/**
 * Newer / older pages of a list, newest first (My Bets, casino history, jackpot tickets);
 * nothing when one page holds everything. `page` counts from 1; the words come from the
 * caller's strings.
 */
export function Pager(props: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  /** The navigation's accessible name. */
  label: string;
  newer: string;
  older: string;
  /** Where the reader is, e.g. "Page 2 of 5". */
  position: string;
}) {
  const { page, pages, onPage } = props;
  if (pages <= 1) return null;
  return (
    <nav className={styles.pager} aria-label={props.label}>
      <button
        type="button"
        className={buttons.secondary}
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {props.newer}
      </button>
      <span>{props.position}</span>
      <button
        type="button"
        className={buttons.secondary}
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {props.older}
      </button>
    </nav>
  );
}

/** Pages needed for `total` items, `pageSize` a page (at least one). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

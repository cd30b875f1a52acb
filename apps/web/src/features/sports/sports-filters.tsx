import type { SportListItem } from '@dau/contracts/sports/list-sports';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Form } from '../../ui/form';
import { slugify, withQuery } from './sports-route';
import { ts } from './sports-strings';
import styles from './sports.module.css';

/** The filters above a sports list: countries, leagues and the odds range. */
export function CategoryNav({
  sport,
  sportPath,
  categoryId,
}: {
  sport: SportListItem;
  sportPath: string;
  categoryId: number | null;
}) {
  if (sport.categories.length === 0) return null;
  return (
    <nav className={styles.chips} aria-label={ts('countries')}>
      <Link
        to={sportPath}
        className={categoryId === null ? `${styles.chip} ${styles.chipActive}` : styles.chip}
      >
        {ts('all')}
      </Link>
      {sport.categories.map((c) => (
        <Link
          key={c.id}
          to={`${sportPath}/${slugify(c.name)}-${c.id}`}
          className={c.id === categoryId ? `${styles.chip} ${styles.chipActive}` : styles.chip}
        >
          {c.name} <small>{c.count}</small>
        </Link>
      ))}
    </nav>
  );
}

/** League chips toggle the `tournaments` query (a comma list of subcategory ids). */
export function TournamentChips({
  sport,
  categoryId,
  selected,
  locked,
}: {
  sport: SportListItem;
  categoryId: number | null;
  selected: readonly number[];
  locked: boolean;
}) {
  const [search] = useSearchParams();
  if (locked) return null;
  const leagues = sport.categories
    .filter((c) => categoryId === null || c.id === categoryId)
    .flatMap((c) =>
      c.subCategories.map((s) => ({
        ...s,
        label: categoryId === null ? `${c.name} ${s.name}` : s.name,
      })),
    );
  if (leagues.length === 0) return null;
  return (
    <nav className={styles.chips} aria-label={ts('leagues')}>
      {leagues.map((league) => {
        const on = selected.includes(league.id);
        const next = on ? selected.filter((id) => id !== league.id) : [...selected, league.id];
        return (
          <Link
            key={league.id}
            to={withQuery(search, { tournaments: next.length ? next.join(',') : null })}
            className={on ? `${styles.chip} ${styles.chipActive}` : styles.chip}
            aria-pressed={on}
          >
            {league.label} <small>{league.nrOfEvents}</small>
          </Link>
        );
      })}
    </nav>
  );
}

/** `minodd` and `maxodd` go together; the filter applies only with both. */
export function OddsRange() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const [min, setMin] = useState(search.get('minodd') ?? '');
  const [max, setMax] = useState(search.get('maxodd') ?? '');
  const active = search.has('minodd') && search.has('maxodd');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const both = min.trim() !== '' && max.trim() !== '';
    navigate(withQuery(search, { minodd: both ? min : null, maxodd: both ? max : null }));
  };
  return (
    <Form className={styles.oddsRange} onSubmit={submit} aria-label={ts('oddsRange')}>
      <span>{ts('odds')}</span>
      <input
        aria-label={ts('minOdds')}
        inputMode="decimal"
        value={min}
        onChange={(e) => setMin(e.target.value)}
        placeholder={ts('min')}
        size={5}
      />
      <span aria-hidden="true">–</span>
      <input
        aria-label={ts('maxOdds')}
        inputMode="decimal"
        value={max}
        onChange={(e) => setMax(e.target.value)}
        placeholder={ts('max')}
        size={5}
      />
      <button type="submit" className={styles.smallButton}>
        {ts('apply')}
      </button>
      {active && (
        <Link className={styles.clear} to={withQuery(search, { minodd: null, maxodd: null })}>
          {ts('clear')}
        </Link>
      )}
    </Form>
  );
}

import type { BookingCodeSelection } from '@dau/contracts/betting/booking-code';
import { normalizeBookingCode } from '@dau/domain/booking-code';
import { formatOdds, type Odds } from '@dau/domain/odds';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { t as tApp } from '../../lib/i18n';
import { t, tf } from './share-strings';
import { LoadingScreen } from '../../ui/loading-screen';
import { PageFrame } from '../../ui/page-frame';
import { BetslipDock } from './betslip-dock';
import { setBetslipOpen } from '../../lib/betslip-store';
import { bookingCodeQueryOptions, loadSharedSlip, loadableSelections } from './booking-code-api';
import styles from './social-share.module.css';
import { Form } from '../../ui/form';

/** `/social-share` (type a code) and `/social-share/{ssid}` (load a shared slip), doc 1 §2. */
export function SocialSharePage() {
  const { ssid } = useParams();
  return ssid ? <SharedSlip ssid={ssid} /> : <EnterCode />;
}

function CodeForm({ initial = '' }: { initial?: string }) {
  const navigate = useNavigate();
  const [text, setText] = useState(initial);
  const [error, setError] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const code = normalizeBookingCode(text);
    if (!code) {
      setError(t('invalidBookingCode'));
      return;
    }
    setError('');
    void navigate(`/social-share/${code}`);
  };
  return (
    <Form className={styles.form} onSubmit={submit} noValidate>
      <label className={styles.field}>
        {t('enterBookingCode')}
        <input
          name="code"
          value={text}
          onChange={(e) => setText(e.target.value)}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          maxLength={12}
          placeholder="AB3K9X"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'booking-code-error' : undefined}
        />
      </label>
      {error && (
        <p id="booking-code-error" className={styles.error} role="alert">
          {error}
        </p>
      )}
      <button type="submit" className={styles.primary}>
        {t('loadCode')}
      </button>
    </Form>
  );
}

function EnterCode() {
  return (
    <PageFrame title={t('loadBookingTitle')}>
      <div className={styles.card}>
        <CodeForm />
      </div>
      <BetslipDock />
    </PageFrame>
  );
}

function SharedSlip({ ssid }: { ssid: string }) {
  const code = normalizeBookingCode(ssid);
  const query = useQuery({ ...bookingCodeQueryOptions(code ?? ''), enabled: code !== null });
  const loaded = useRef<string | null>(null);
  const [added, setAdded] = useState<number | null>(null);
  const data = query.data;
  useEffect(() => {
    // Once per code: a refetch must not put back picks the user has removed since.
    if (!data || loaded.current === data.ssid) return;
    loaded.current = data.ssid;
    setAdded(loadSharedSlip(data));
  }, [data]);

  let body;
  if (code === null) {
    body = <Problem message={t('invalidBookingCode')} initial={ssid} />;
  } else if (query.isPending) {
    body = <LoadingScreen />;
  } else if (query.isError) {
    const message =
      query.error instanceof ApiError
        ? (query.error.envelope.datasource_entries[0]?.dimension_value ?? tApp('requestFailed'))
        : tApp('requestFailed');
    body = <Problem message={message} initial="" />;
  } else {
    const open = loadableSelections(query.data.selections).length;
    body = (
      <>
        <p className={styles.codeLine}>
          {t('bookingCode')} <b data-testid="shared-code">{query.data.ssid}</b>
        </p>
        <ul className={styles.list}>
          {query.data.selections.map((s) => (
            <SharedSelection
              key={`${s.eventId}-${s.marketId}-${s.specifier}-${s.outcomeId}`}
              s={s}
            />
          ))}
        </ul>
        <p className={styles.summary} role="status">
          {open > 0 ? tf('sharedAdded', { n: added ?? open }) : t('sharedNoneOpen')}
        </p>
        {open > 0 && (
          <button type="button" className={styles.primary} onClick={() => setBetslipOpen(true)}>
            {t('openBetslip')}
          </button>
        )}
      </>
    );
  }
  return (
    <PageFrame title={t('sharedBetTitle')}>
      <div className={styles.card}>{body}</div>
      <BetslipDock />
    </PageFrame>
  );
}

function Problem({ message, initial }: { message: string; initial: string }) {
  return (
    <>
      <p className={styles.error} role="alert">
        {message}
      </p>
      <h2 className={styles.subtitle}>{t('tryAnotherCode')}</h2>
      <CodeForm initial={initial} />
      <Link to="/sports" className={styles.secondary}>
        {t('goToSports')}
      </Link>
    </>
  );
}

function SharedSelection({ s }: { s: BookingCodeSelection }) {
  const odds = (value: number) => formatOdds(Math.round(value * 100) as Odds);
  const moved = s.status === 'open' && s.odds !== s.sharedOdds;
  return (
    <li className={s.status === 'gone' ? `${styles.item} ${styles.gone}` : styles.item}>
      <div className={styles.itemMain}>
        <p className={styles.pick}>{s.outcomeName}</p>
        <p className={styles.market}>{s.marketName}</p>
        <p className={styles.event}>
          {s.isLive && <span className={styles.live}>LIVE</span>}
          {s.eventName}
        </p>
        {s.status !== 'open' && (
          <p className={styles.status}>
            {s.status === 'gone' ? `${t('noLongerAvailable')} · ${s.message}` : s.message}
          </p>
        )}
      </div>
      <p className={styles.odds}>
        {odds(s.odds)}
        {moved && <small>{tf('wasOdds', { odds: odds(s.sharedOdds) })}</small>}
      </p>
    </li>
  );
}

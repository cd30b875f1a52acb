import { isClientSeed } from '@dau/domain/games/fairness';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { tg, tgf } from '../game-strings';
import type { SeedSession, SeedState } from '../session/game-session';
import styles from './games.module.css';
import { roundErrorText } from './play-kit';

/** The /fairness address that checks a revealed seed pair (rounds 0..nonce-1). */
export function fairnessLink(previous: SeedState['previous'], game?: string): string {
  if (!previous) return '/fairness';
  const params = new URLSearchParams({
    ...(game ? { game } : {}),
    serverSeed: previous.serverSeed,
    clientSeed: previous.clientSeed,
    nonce: String(Math.max(0, previous.nonce - 1)),
  });
  return `/fairness?${params.toString()}`;
}

/**
 * Provable fairness beside every game (issue #13 item 4): the server seed's SHA-256 before play,
 * the player's own client seed, the next nonce, and a new pair on request (revealing the old).
 */
export function FairnessPanel({
  session,
  onChange,
  open = false,
  game,
}: {
  session: SeedSession;
  onChange: () => void;
  open?: boolean;
  /** The domain game the rounds were played in, so the check opens on it. */
  game?: string;
}) {
  const id = useId();
  const seeds = session.seeds;
  const [draft, setDraft] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!seeds) return null;
  const value = draft ?? seeds.clientSeed;
  const valid = isClientSeed(value);

  const run = async (step: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await step();
      setDraft(null);
      onChange();
    } catch (failure) {
      setError(roundErrorText(failure));
    } finally {
      setBusy(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (valid) void run(() => session.setClientSeed(value));
  };

  return (
    <details className={styles.fairness} open={open}>
      <summary>{tg('fairnessTitle')}</summary>
      <dl className={styles.seedList}>
        <dt>{tg('serverSeedHash')}</dt>
        <dd className={styles.mono} data-testid="seed-hash">
          {seeds.serverSeedHash}
        </dd>
        <dt>{tg('nextNonce')}</dt>
        <dd className={styles.mono}>{seeds.nonce}</dd>
      </dl>
      <form className={styles.seedForm} onSubmit={submit}>
        <label htmlFor={id}>{tg('clientSeed')}</label>
        <div className={styles.stakeRow}>
          <input
            id={id}
            className={styles.input}
            value={value}
            maxLength={64}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={!valid}
            aria-describedby={`${id}-hint`}
            onChange={(event) => setDraft(event.target.value)}
          />
        </div>
        <p id={`${id}-hint`} className={valid ? styles.figures : styles.fieldError}>
          {tg('clientSeedHint')}
        </p>
        <div className={styles.buttonRow}>
          <button
            type="submit"
            className={styles.secondary}
            disabled={busy || !valid || value === seeds.clientSeed}
          >
            {tg('saveClientSeed')}
          </button>
          <button
            type="button"
            className={styles.secondary}
            disabled={busy}
            onClick={() => void run(() => session.rotateSeed())}
          >
            {tg('rotateSeed')}
          </button>
        </div>
      </form>
      {error && <p className={styles.fieldError}>{error}</p>}
      {seeds.previous && (
        <div className={styles.revealed}>
          <p>{tg('previousSeedRevealed')}</p>
          <p className={styles.mono} data-testid="revealed-seed">
            {seeds.previous.serverSeed}
          </p>
          <Link to={fairnessLink(seeds.previous, game)}>
            {tgf('verifyPrevious', { n: seeds.previous.nonce })}
          </Link>
        </div>
      )}
    </details>
  );
}

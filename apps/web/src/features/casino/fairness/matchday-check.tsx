import { VIRTUALS_PATHS } from '@dau/contracts/virtuals/paths';
import type { VirtualMatchday } from '@dau/contracts/virtuals/virtuals';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { apiFetch } from '../../../lib/api-client';
import { tg, tgf } from '../game-strings';
import styles from '../casino.module.css';
import fairStyles from '../fairness.module.css';
import gameStyles from '../games/games.module.css';
import { replayMatchday, type MatchdayProblem, type MatchdayReplay } from './verify-matchday';

/**
 * /fairness: a virtual football matchday replayed in the browser (issue #14). The matchday is
 * read from the server (its seed once settled, the hash published before kick-off, the recorded
 * scores and timelines); the seed replays every match with the server's own simulation.
 * `?matchday=N` (the /virtuals page links here) loads and checks it at once.
 */
const PROBLEMS: Record<MatchdayProblem, Parameters<typeof tg>[0]> = {
  matchday: 'problemMatchday',
  serverSeed: 'problemServerSeed',
};

type Loaded = { kind: 'idle' | 'loading' | 'missing' | 'unrevealed' | 'failed' };

function fetchMatchday(id: number): Promise<VirtualMatchday> {
  return apiFetch<VirtualMatchday>({
    base: 'games',
    path: VIRTUALS_PATHS.matchday(id),
    method: 'GET',
  });
}

export function MatchdayCheck({ initial }: { initial: string | null }) {
  const ids = { matchday: useId(), seed: useId() };
  const [matchdayId, setMatchdayId] = useState(initial ?? '');
  const [serverSeed, setServerSeed] = useState('');
  const [state, setState] = useState<Loaded>({ kind: 'idle' });
  const [result, setResult] = useState<MatchdayReplay | null>(null);

  const check = async (id: string, seed: string) => {
    setResult(null);
    const number = Number(id.trim());
    if (!/^\d+$/.test(id.trim()) || number < 1) {
      setResult(replayMatchday({ matchdayId: id, serverSeed: seed || 'x' }));
      return;
    }
    setState({ kind: 'loading' });
    let recorded: VirtualMatchday | null = null;
    try {
      recorded = await fetchMatchday(number);
    } catch (error) {
      const status = (error as { status?: number }).status;
      if (status !== 404 && !seed.trim()) {
        setState({ kind: 'failed' });
        return;
      }
      if (!seed.trim()) {
        setState({ kind: 'missing' });
        return;
      }
    }
    const revealed = seed.trim() || recorded?.serverSeed || '';
    if (!revealed) {
      setState({ kind: 'unrevealed' });
      return;
    }
    if (!seed.trim()) setServerSeed(revealed);
    setState({ kind: 'idle' });
    setResult(replayMatchday({ matchdayId: id, serverSeed: revealed, recorded }));
  };

  // The matchday of the address is checked once, after the first paint.
  useEffect(() => {
    if (!initial) return;
    const timer = setTimeout(() => void check(initial, ''), 0);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void check(matchdayId, serverSeed);
  };

  return (
    <section aria-labelledby="fair-virtuals">
      <h2 id="fair-virtuals" className={styles.sectionTitle}>
        {tg('matchdayCheckTitle')}
      </h2>
      <p className={styles.notice}>{tg('matchdayCheckHint')}</p>
      <form className={gameStyles.controls} onSubmit={submit} noValidate>
        <div className={gameStyles.option}>
          <label htmlFor={ids.matchday}>{tg('matchdayNumber')}</label>
          <input
            id={ids.matchday}
            className={gameStyles.input}
            inputMode="numeric"
            value={matchdayId}
            onChange={(e) => setMatchdayId(e.target.value)}
          />
        </div>
        <div className={gameStyles.option}>
          <label htmlFor={ids.seed}>{tg('matchdaySeedOptional')}</label>
          <input
            id={ids.seed}
            className={gameStyles.input}
            value={serverSeed}
            spellCheck={false}
            autoComplete="off"
            onChange={(e) => setServerSeed(e.target.value)}
          />
        </div>
        <button type="submit" className={gameStyles.primary}>
          {tg('replayMatchday')}
        </button>
      </form>
      <div
        role="status"
        aria-live="polite"
        className={fairStyles.result}
        data-testid="matchday-result"
      >
        {state.kind === 'loading' && <p>{tg('matchdayLoading')}</p>}
        {state.kind === 'missing' && (
          <p className={gameStyles.fieldError}>{tg('matchdayMissing')}</p>
        )}
        {state.kind === 'unrevealed' && <p>{tg('matchdayUnrevealed')}</p>}
        {state.kind === 'failed' && <p className={gameStyles.fieldError}>{tg('matchdayFailed')}</p>}
        {result && !result.ok && (
          <p className={gameStyles.fieldError}>{tg(PROBLEMS[result.problem])}</p>
        )}
        {result?.ok && (
          <>
            <p>
              {tg('seedHash')}: <span className={gameStyles.mono}>{result.hash}</span>
            </p>
            {result.hashMatches !== null && (
              <p className={result.hashMatches ? fairStyles.match : fairStyles.mismatch}>
                {result.hashMatches ? tg('hashMatches') : tg('hashDiffers')}
              </p>
            )}
            {result.allSame !== null && (
              <p
                className={result.allSame ? fairStyles.match : fairStyles.mismatch}
                data-testid="matchday-match"
              >
                {result.allSame ? tg('matchdayReplaysSame') : tg('matchdayReplaysDifferent')}
              </p>
            )}
            <ul className={fairStyles.replayed}>
              {result.matches.map((m) => (
                <li key={m.index}>
                  <span>
                    {m.home} <strong>{`${m.homeGoals}–${m.awayGoals}`}</strong> {m.away}
                  </span>
                  <span className={fairStyles.replayedNote}>
                    {tgf('matchdayEvents', { n: m.events.length })}
                    {m.same === true && ` · ${tg('matchdaySameShort')}`}
                    {m.same === false &&
                      m.recorded &&
                      ` · ${tgf('matchdayRecordedShort', {
                        score: `${m.recorded.homeGoals}–${m.recorded.awayGoals}`,
                      })}`}
                  </span>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </section>
  );
}

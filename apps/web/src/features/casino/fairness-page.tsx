import { IN_HOUSE_GAMES } from '@dau/domain/games/replay';
import { PLINKO_RISKS, PLINKO_ROWS } from '@dau/domain/games/plinko';
import { useEffect, useId, useReducer, useState, type FormEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useSessionStore } from '../../lib/session-store';
import { PageFrame } from '../../ui/page-frame';
import { useRoundProof } from './api/history';
import { t, tf } from './casino-strings';
import { tg, type GameKey } from './game-strings';
import styles from './casino.module.css';
import { MatchdayCheck } from './fairness/matchday-check';
import { outcomeText } from './fairness/outcome-text';
import {
  emptyVerifyForm,
  formFromInput,
  sameOutcome,
  verifyRound,
  type Verification,
  type VerifyForm,
  type VerifyProblem,
} from './fairness/verify-round';
import { FairnessPanel } from './games/fairness-panel';
import gameStyles from './games/games.module.css';
import { createRealSeeds } from './session/real-session';
import fairStyles from './fairness.module.css';

/**
 * /fairness (issue #13 item 4): how Dau's games are provably fair, the player's own seeds
 * (hash before play, client seed, rotation that reveals the old seed), and a check that
 * recomputes any round in the browser with the same domain code as the server.
 */
const GAME_TEXT: Record<VerifyForm['game'], GameKey> = {
  dice: 'gameDice',
  mines: 'gameMines',
  plinko: 'gamePlinko',
  scratch: 'gameScratch',
  keno: 'gameKeno',
  roulette: 'gameRoulette',
  crash: 'gameCrash',
};

const PROBLEM_TEXT: Record<VerifyProblem, GameKey> = {
  serverSeed: 'problemServerSeed',
  clientSeed: 'problemClientSeed',
  nonce: 'problemNonce',
  diceTarget: 'problemDiceTarget',
  mines: 'problemMines',
  plinko: 'problemPlinko',
  kenoPicks: 'problemKenoPicks',
};

function Field({ label, children, id }: { label: string; children: ReactNode; id: string }) {
  return (
    <div className={gameStyles.option}>
      <label htmlFor={id}>{label}</label>
      {children}
    </div>
  );
}

function YourSeeds({ onRotated }: { onRotated: () => void }) {
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  const [session] = useState(() => createRealSeeds(redraw));
  useEffect(() => void session.load(), [session]);
  if (session.failed && !session.seeds) {
    return (
      <div className={styles.error} role="alert">
        <p>{tg('seedsFailed')}</p>
        <button type="button" className={styles.button} onClick={() => void session.load()}>
          {t('tryAgain')}
        </button>
      </div>
    );
  }
  if (!session.seeds) return <p className={styles.notice}>{tg('loadingSeeds')}</p>;
  const changed = () => {
    redraw();
    onRotated();
  };
  return <FairnessPanel session={session} onChange={changed} open />;
}

function formFromQuery(params: URLSearchParams): VerifyForm | null {
  const serverSeed = params.get('serverSeed');
  const clientSeed = params.get('clientSeed');
  if (!serverSeed || !clientSeed) return null;
  const game = params.get('game');
  return {
    ...emptyVerifyForm(),
    game: (IN_HOUSE_GAMES as readonly string[]).includes(game ?? '')
      ? (game as VerifyForm['game'])
      : 'dice',
    serverSeed,
    clientSeed,
    nonce: params.get('nonce') ?? '0',
  };
}

export function FairnessPage() {
  const [params] = useSearchParams();
  const roundId = params.get('round');
  const signedIn = useSessionStore((s) => s.isAuthenticated);
  const round = useRoundProof(signedIn ? roundId : null);
  const [form, setForm] = useState<VerifyForm>(() => formFromQuery(params) ?? emptyVerifyForm());
  const [result, setResult] = useState<Verification | null>(null);
  const ids = {
    game: useId(),
    server: useId(),
    client: useId(),
    nonce: useId(),
    hash: useId(),
    a: useId(),
    b: useId(),
  };
  const proof = round.data ?? null;
  const recorded = proof?.kind === 'ready' ? proof : null;

  // A round from history fills the form and is checked at once.
  const [filledFor, setFilledFor] = useState<string | null>(null);
  if (recorded && filledFor !== roundId) {
    const next = formFromInput(recorded.input, recorded.seeds);
    setFilledFor(roundId);
    setForm(next);
    setResult(verifyRound(next));
  }

  const set = (patch: Partial<VerifyForm>) => setForm((old) => ({ ...old, ...patch }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setResult(verifyRound(form));
  };

  return (
    <PageFrame title={tg('fairnessPageTitle')}>
      <div className={fairStyles.page}>
        <section aria-labelledby="fair-how">
          <h2 id="fair-how" className={styles.sectionTitle}>
            {tg('fairHowTitle')}
          </h2>
          <ol className={fairStyles.steps}>
            <li>{tg('fairStep1')}</li>
            <li>{tg('fairStep2')}</li>
            <li>{tg('fairStep3')}</li>
            <li>{tg('fairStep4')}</li>
          </ol>
        </section>

        <section aria-labelledby="fair-seeds">
          <h2 id="fair-seeds" className={styles.sectionTitle}>
            {tg('yourSeeds')}
          </h2>
          {signedIn ? (
            <YourSeeds onRotated={() => (roundId ? void round.refetch() : undefined)} />
          ) : (
            <p className={styles.notice}>{tg('seedsLogIn')}</p>
          )}
        </section>

        {roundId && (
          <section aria-labelledby="fair-round" className={fairStyles.round}>
            <h2 id="fair-round" className={styles.sectionTitle}>
              {tf('roundId', { id: roundId })}
            </h2>
            {!signedIn ? (
              <p>{tg('seedsLogIn')}</p>
            ) : round.isError ? (
              <p role="alert">{tg('roundNotFound')}</p>
            ) : !round.data ? (
              <p>{t('loadingRounds')}</p>
            ) : proof?.kind === 'not-provable' ? (
              <p>{tg('roundNotProvable')}</p>
            ) : !recorded ? (
              <p>{tg('seedNotRevealed')}</p>
            ) : (
              <>
                <p>
                  {tg('recordedOutcome')}:{' '}
                  <strong>{recorded.outcome ? outcomeText(recorded.outcome) : '–'}</strong>
                </p>
                {result?.ok && recorded.outcome && (
                  <p
                    className={
                      sameOutcome(result.outcome, recorded.outcome)
                        ? fairStyles.match
                        : fairStyles.mismatch
                    }
                    data-testid="round-match"
                  >
                    {sameOutcome(result.outcome, recorded.outcome)
                      ? tg('outcomeMatches')
                      : tg('outcomeDiffers')}
                  </p>
                )}
              </>
            )}
          </section>
        )}

        <section aria-labelledby="fair-check">
          <h2 id="fair-check" className={styles.sectionTitle}>
            {tg('checkRound')}
          </h2>
          <form className={gameStyles.controls} onSubmit={submit} noValidate>
            <Field id={ids.game} label={t('game')}>
              <select
                id={ids.game}
                className={gameStyles.input}
                value={form.game}
                onChange={(e) => set({ game: e.target.value as VerifyForm['game'] })}
              >
                {IN_HOUSE_GAMES.map((g) => (
                  <option key={g} value={g}>
                    {tg(GAME_TEXT[g])}
                  </option>
                ))}
              </select>
            </Field>
            <Field id={ids.server} label={tg('serverSeed')}>
              <input
                id={ids.server}
                className={gameStyles.input}
                value={form.serverSeed}
                spellCheck={false}
                autoComplete="off"
                onChange={(e) => set({ serverSeed: e.target.value })}
              />
            </Field>
            <Field id={ids.hash} label={tg('expectedHash')}>
              <input
                id={ids.hash}
                className={gameStyles.input}
                value={form.expectedHash}
                spellCheck={false}
                autoComplete="off"
                onChange={(e) => set({ expectedHash: e.target.value })}
              />
            </Field>
            <Field id={ids.client} label={tg('clientSeed')}>
              <input
                id={ids.client}
                className={gameStyles.input}
                value={form.clientSeed}
                spellCheck={false}
                autoComplete="off"
                onChange={(e) => set({ clientSeed: e.target.value })}
              />
            </Field>
            <Field id={ids.nonce} label={tg('nonce')}>
              <input
                id={ids.nonce}
                className={gameStyles.input}
                inputMode="numeric"
                value={form.nonce}
                onChange={(e) => set({ nonce: e.target.value })}
              />
            </Field>
            {form.game === 'dice' && (
              <>
                <Field id={ids.a} label={tg('diceTarget')}>
                  <input
                    id={ids.a}
                    className={gameStyles.input}
                    inputMode="decimal"
                    value={form.diceTarget}
                    onChange={(e) => set({ diceTarget: e.target.value })}
                  />
                </Field>
                <Field id={ids.b} label={tg('diceDirection')}>
                  <select
                    id={ids.b}
                    className={gameStyles.input}
                    value={form.diceDirection}
                    onChange={(e) =>
                      set({ diceDirection: e.target.value === 'over' ? 'over' : 'under' })
                    }
                  >
                    <option value="under">{tg('rollUnder')}</option>
                    <option value="over">{tg('rollOver')}</option>
                  </select>
                </Field>
              </>
            )}
            {form.game === 'mines' && (
              <Field id={ids.a} label={tg('minesCount')}>
                <input
                  id={ids.a}
                  className={gameStyles.input}
                  inputMode="numeric"
                  value={form.mines}
                  onChange={(e) => set({ mines: e.target.value })}
                />
              </Field>
            )}
            {form.game === 'plinko' && (
              <>
                <Field id={ids.a} label={tg('plinkoRows')}>
                  <select
                    id={ids.a}
                    className={gameStyles.input}
                    value={form.plinkoRows}
                    onChange={(e) => set({ plinkoRows: e.target.value })}
                  >
                    {PLINKO_ROWS.map((r) => (
                      <option key={r} value={r}>
                        {r}
                      </option>
                    ))}
                  </select>
                </Field>
                <Field id={ids.b} label={tg('plinkoRisk')}>
                  <select
                    id={ids.b}
                    className={gameStyles.input}
                    value={form.plinkoRisk}
                    onChange={(e) => set({ plinkoRisk: e.target.value })}
                  >
                    {PLINKO_RISKS.map((r) => (
                      <option key={r} value={r}>
                        {tg(r === 'low' ? 'riskLow' : r === 'medium' ? 'riskMedium' : 'riskHigh')}
                      </option>
                    ))}
                  </select>
                </Field>
              </>
            )}
            {form.game === 'keno' && (
              <Field id={ids.a} label={tg('kenoPicksField')}>
                <input
                  id={ids.a}
                  className={gameStyles.input}
                  value={form.kenoPicks}
                  onChange={(e) => set({ kenoPicks: e.target.value })}
                />
              </Field>
            )}
            <button type="submit" className={gameStyles.primary}>
              {tg('verify')}
            </button>
          </form>
          <div
            role="status"
            aria-live="polite"
            className={fairStyles.result}
            data-testid="fairness-result"
          >
            {result && !result.ok && (
              <p className={gameStyles.fieldError}>{tg(PROBLEM_TEXT[result.problem])}</p>
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
                <p>
                  {tg('recomputedOutcome')}: <strong>{outcomeText(result.outcome)}</strong>
                </p>
              </>
            )}
          </div>
        </section>

        <MatchdayCheck initial={params.get('matchday')} />
      </div>
    </PageFrame>
  );
}

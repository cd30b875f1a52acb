import type { VirtualMatchday } from '@dau/contracts/virtuals/virtuals';
import { hashServerSeed } from '@dau/domain/games/fairness';
import { VIRTUAL_TEAMS } from '@dau/domain/virtuals/league';
import { simulateMatchday, type MatchEvent } from '@dau/domain/virtuals/simulation';

/**
 * /fairness for virtual football (issue #14, ADR 195): a matchday's revealed server seed replays
 * every match in the browser with the server's own simulation (`simulateMatchday`), and each
 * replayed score and timeline is compared with what the server recorded and showed.
 */
export interface ReplayedMatch {
  index: number;
  home: string;
  away: string;
  homeGoals: number;
  awayGoals: number;
  events: MatchEvent[];
  /** The server's final score, when the matchday was loaded from it. */
  recorded: { homeGoals: number; awayGoals: number } | null;
  /** Score and every event identical to the recorded ones; null with nothing recorded. */
  same: boolean | null;
}

export type MatchdayProblem = 'matchday' | 'serverSeed';

export type MatchdayReplay =
  | { ok: false; problem: MatchdayProblem }
  | {
      ok: true;
      matchdayId: number;
      hash: string;
      /** SHA-256(seed) = the hash published before kick-off; null when no hash is known. */
      hashMatches: boolean | null;
      matches: ReplayedMatch[];
      /** Every match replayed exactly as recorded; null with nothing recorded. */
      allSame: boolean | null;
    };

function sameEvents(a: readonly MatchEvent[], b: readonly MatchEvent[]): boolean {
  return (
    a.length === b.length &&
    a.every((e, i) => {
      const o = b[i];
      return (
        !!o &&
        e.minute === o.minute &&
        e.kind === o.kind &&
        e.side === o.side &&
        e.home === o.home &&
        e.away === o.away
      );
    })
  );
}

export function replayMatchday(input: {
  matchdayId: string;
  serverSeed: string;
  expectedHash?: string;
  /** The matchday as the server answered it, to compare with. */
  recorded?: VirtualMatchday | null;
}): MatchdayReplay {
  const id = input.matchdayId.trim();
  if (!/^\d+$/.test(id) || !Number.isSafeInteger(Number(id)) || Number(id) < 1) {
    return { ok: false, problem: 'matchday' };
  }
  const serverSeed = input.serverSeed.trim();
  if (serverSeed.length === 0) return { ok: false, problem: 'serverSeed' };
  const matchdayId = Number(id);
  const hash = hashServerSeed(serverSeed);
  const expected = (input.expectedHash ?? input.recorded?.serverSeedHash ?? '').trim();
  const recorded = input.recorded?.matchdayId === matchdayId ? input.recorded : null;
  const matches = simulateMatchday(serverSeed, matchdayId).map((m): ReplayedMatch => {
    const theirs = recorded?.matches.find((r) => r.index === m.index) ?? null;
    const result = theirs?.result ?? null;
    return {
      index: m.index,
      home: VIRTUAL_TEAMS[m.home]?.name ?? String(m.home),
      away: VIRTUAL_TEAMS[m.away]?.name ?? String(m.away),
      homeGoals: m.homeGoals,
      awayGoals: m.awayGoals,
      events: m.events,
      recorded: result,
      same:
        theirs && result
          ? result.homeGoals === m.homeGoals &&
            result.awayGoals === m.awayGoals &&
            sameEvents(m.events, theirs.events ?? [])
          : null,
    };
  });
  const compared = matches.filter((m) => m.same !== null);
  return {
    ok: true,
    matchdayId,
    hash,
    hashMatches: expected ? expected.toLowerCase() === hash : null,
    matches,
    allSame:
      compared.length === 0
        ? null
        : compared.length === matches.length && compared.every((m) => m.same),
  };
}

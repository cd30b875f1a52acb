import type { VirtualMatchday } from '@dau/contracts/virtuals/virtuals';
import { hashServerSeed } from '@dau/domain/games/fairness';
import { simulateMatchday } from '@dau/domain/virtuals/simulation';
import { describe, expect, it } from 'vitest';
import { replayMatchday } from './verify-matchday';

const SEED = '7b3f1c0a9e5d48f2b6a1c3e5d7f9021436587a9bcde0f1234567890abcdef012';

/** Matchday `id` as the server answers it once settled (the wire shape; prices left out). */
function recorded(id: number, seed = SEED): VirtualMatchday {
  return {
    matchdayId: id,
    season: 1,
    round: id,
    phase: 'settled',
    openedAt: '2026-11-28T10:00:00.000Z',
    kickoffAt: '2026-11-28T10:03:00.000Z',
    fullTimeAt: '2026-11-28T10:04:00.000Z',
    serverTime: '2026-11-28T10:04:01.000Z',
    serverSeedHash: hashServerSeed(seed),
    serverSeed: seed,
    matches: simulateMatchday(seed, id).map((m) => ({
      index: m.index,
      home: { code: 'H', name: 'Home', rating: 80 },
      away: { code: 'A', name: 'Away', rating: 70 },
      markets: [],
      result: { homeGoals: m.homeGoals, awayGoals: m.awayGoals },
      events: m.events.map((e) => ({ ...e })),
    })),
  };
}

describe('replaying a virtual matchday on /fairness', () => {
  it('replays every match of a published matchday exactly as recorded', () => {
    const result = replayMatchday({ matchdayId: '7', serverSeed: SEED, recorded: recorded(7) });
    expect(result).toMatchObject({ ok: true, matchdayId: 7, hashMatches: true, allSame: true });
    if (!result.ok) return;
    // The scores the domain's own recorded test pins for this seed and matchday.
    expect(result.matches.map((m) => `${m.homeGoals}:${m.awayGoals}`)).toEqual([
      '3:2',
      '2:2',
      '1:1',
      '3:0',
      '1:0',
      '2:2',
    ]);
    expect(result.matches.every((m) => m.same === true)).toBe(true);
    expect(result.matches[0]?.home).toBe('Nairobi Lions');
  });

  it('flags a recorded score or timeline that the seed does not give', () => {
    const changedScore = recorded(7);
    changedScore.matches[2]!.result = { homeGoals: 2, awayGoals: 1 };
    const a = replayMatchday({ matchdayId: '7', serverSeed: SEED, recorded: changedScore });
    expect(a).toMatchObject({ ok: true, allSame: false, hashMatches: true });
    expect(a.ok && a.matches.map((m) => m.same)).toEqual([true, true, false, true, true, true]);

    const changedEvent = recorded(7);
    const event = changedEvent.matches[0]!.events![0]!;
    event.minute = event.minute === 90 ? 89 : event.minute + 1;
    const b = replayMatchday({ matchdayId: '7', serverSeed: SEED, recorded: changedEvent });
    expect(b.ok && b.matches[0]?.same).toBe(false);
    expect(b.ok && b.allSame).toBe(false);
  });

  it('says when the seed is not the one whose hash was published', () => {
    const other = 'f'.repeat(64);
    const result = replayMatchday({ matchdayId: '7', serverSeed: other, recorded: recorded(7) });
    expect(result).toMatchObject({ ok: true, hashMatches: false, allSame: false });
    expect(
      replayMatchday({ matchdayId: '7', serverSeed: SEED, expectedHash: hashServerSeed(other) }),
    ).toMatchObject({ ok: true, hashMatches: false, allSame: null });
  });

  it('replays without a recording (a seed typed in) and names a wrong field', () => {
    const result = replayMatchday({ matchdayId: ' 8 ', serverSeed: SEED });
    expect(result).toMatchObject({ ok: true, matchdayId: 8, hashMatches: null, allSame: null });
    expect(result.ok && result.matches).toHaveLength(6);
    expect(replayMatchday({ matchdayId: '0', serverSeed: SEED })).toEqual({
      ok: false,
      problem: 'matchday',
    });
    expect(replayMatchday({ matchdayId: 'x', serverSeed: SEED })).toEqual({
      ok: false,
      problem: 'matchday',
    });
    expect(replayMatchday({ matchdayId: '7', serverSeed: '  ' })).toEqual({
      ok: false,
      problem: 'serverSeed',
    });
  });
});

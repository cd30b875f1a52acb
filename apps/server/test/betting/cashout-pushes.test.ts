import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CashoutOfferResponse } from '@dau/contracts/betting/cashout';
import type { ClientToServerEvents, ServerToClientEvents } from '@dau/contracts/realtime';
import {
  checkSelectionOpen,
  checkSelectionsOpen,
} from '../../src/modules/feed/market-availability';
import type { TestApp } from '../helpers/test-app';
import {
  bettingApp,
  fundedUser,
  placeBet,
  preMatchEvents,
  sandbox,
  selectionAt,
} from './betting-kit';

/** Issue #21 item 1: offers are pushed to the bettor as prices move, and vanish on suspension. */
type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let t: TestApp;
const sockets: ClientSocket[] = [];
beforeAll(async () => {
  t = await bettingApp();
  await t.listen();
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t.close();
});

async function signedInSocket(token: string): Promise<ClientSocket> {
  const socket: ClientSocket = io(t.url, {
    transports: ['websocket'],
    forceNew: true,
    extraHeaders: { cookie: `authBB=${token}` },
  });
  sockets.push(socket);
  const authed = await new Promise((resolve) =>
    socket.once('authState', (state) => resolve(state.authenticated)),
  );
  expect(authed).toBe(true);
  return socket;
}

async function until(check: () => boolean) {
  for (let i = 0; i < 150 && !check(); i++) await new Promise((r) => setTimeout(r, 40));
}

function offersOf(socket: ClientSocket): CashoutOfferResponse[] {
  const got: CashoutOfferResponse[] = [];
  socket.on('CashoutOffer', (offer) => got.push(offer));
  return got;
}

const price = (eventId: number, odds: number) =>
  sandbox(t, 'price', { eventId, marketId: 1, outcomeId: 1, odds });

describe('cash-out offer pushes', () => {
  it('pushes the new offer to the owner when a leg price moves, and "suspended" when its market stops', async () => {
    const [eventId, otherEvent] = await preMatchEvents(t);
    if (eventId === undefined || otherEvent === undefined) throw new Error('no pre-match events');
    const alice = await fundedUser(t);
    const bob = await fundedUser(t);
    await price(eventId, 3);
    const placed = await placeBet(t, alice.cookies, {
      selections: [await selectionAt(t, eventId, 1)],
      stake: 100,
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const betId = placed.json().betId as string;
    const aliceOffers = offersOf(await signedInSocket(alice.token));
    const bobOffers = offersOf(await signedInSocket(bob.token));

    await price(eventId, 2);
    // An offer at the placed price may come first (a pass that began before this move).
    await until(() => aliceOffers.filter((o) => o.betId === betId).at(-1)?.value === 116.53);
    const pushed = aliceOffers.filter((o) => o.betId === betId).at(-1);
    const asked = await t.app.inject({
      method: 'GET',
      url: `/api/bets/${betId}/cashout`,
      cookies: alice.cookies,
    });
    expect(pushed).toEqual(asked.json());
    expect(pushed).toMatchObject({ available: true, value: 116.53, stake: 100 });

    // A price elsewhere moves nothing of this bet; a suspension takes the offer away.
    const before = aliceOffers.length;
    await price(otherEvent, 2.5);
    await sandbox(t, 'market-status', { eventId, marketId: 1, status: -1 });
    await until(() => aliceOffers.length > before);
    expect(aliceOffers.slice(before)).toEqual([
      expect.objectContaining({ betId, available: false, reason: 'suspended', value: null }),
    ]);
    await sandbox(t, 'market-status', { eventId, marketId: 1, status: 1 });
    await until(() => aliceOffers.at(-1)?.available === true);
    expect(aliceOffers.at(-1)).toMatchObject({ betId, available: true, value: 116.53 });
    expect(bobOffers).toEqual([]);
  });

  it('follows the open bets: a new bet is offered, a part cashed out offers the rest, a cashed-out bet no more', async () => {
    const eventId = (await preMatchEvents(t))[2];
    if (eventId === undefined) throw new Error('no third pre-match event');
    const alice = await fundedUser(t);
    const offers = offersOf(await signedInSocket(alice.token));
    const bet = async () => {
      const res = await placeBet(t, alice.cookies, {
        selections: [await selectionAt(t, eventId, 1)],
        stake: 100,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().betId as string;
    };
    const cashed = await bet();
    const kept = await bet();
    const latest = (betId: string) => offers.filter((o) => o.betId === betId).at(-1);

    await price(eventId, 2.9);
    await until(() => latest(cashed) !== undefined && latest(kept) !== undefined);
    expect(latest(cashed)).toMatchObject({ available: true, stake: 100 });

    const cashOut = async (stake?: number) => {
      const url = `/api/bets/${cashed}/cashout`;
      const query = stake === undefined ? '' : `?stake=${stake}`;
      const offer = await t.app.inject({ method: 'GET', url: url + query, cookies: alice.cookies });
      const payload = {
        value: offer.json().value,
        acceptChanges: 'any',
        ...(stake ? { stake } : {}),
      };
      const res = await t.app.inject({ method: 'POST', url, cookies: alice.cookies, payload });
      expect(res.statusCode, res.body).toBe(200);
    };
    await cashOut(40);
    await price(eventId, 2.7);
    await until(() => latest(cashed)?.stake === 60);
    expect(latest(cashed)).toMatchObject({ available: true, stake: 60 });

    await cashOut();
    const after = offers.length;
    await price(eventId, 2.5);
    // The other bet's offer for this price proves the price was priced and pushed.
    await until(() => offers.slice(after).some((o) => o.betId === kept));
    expect(offers.slice(after).map((o) => o.betId)).toEqual([kept]);
  });
});

describe('batched availability', () => {
  it('answers each selection exactly as the single read does', async () => {
    const events = (await preMatchEvents(t)).slice(0, 3);
    const selections = events.flatMap((eventId) => [
      { eventId, marketId: 1, specifier: '', outcomeId: 1 },
      { eventId, marketId: 1, specifier: '', outcomeId: 99 },
      { eventId, marketId: 9999, specifier: '', outcomeId: 1 },
    ]);
    selections.push({ eventId: 987_654_321, marketId: 1, specifier: '', outcomeId: 1 });
    selections.push(selections[0]!);
    const now = t.deps.now();
    const batched = await checkSelectionsOpen(t.deps.db, selections, now);
    const single = await Promise.all(selections.map((s) => checkSelectionOpen(t.deps.db, s, now)));
    expect(batched).toEqual(single);
    expect(batched.filter((a) => a.open)).toHaveLength(events.length + 1);
  });
});

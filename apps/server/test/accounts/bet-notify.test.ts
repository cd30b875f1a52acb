import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/test-app';
import { processSettlements } from '../../src/modules/betting/settlement.service';
import {
  bettingApp,
  fundedUser,
  placeBet,
  preMatchEvents,
  sandbox,
  selectionAt,
} from '../betting/betting-kit';

/**
 * Issue #23 item 10: the header's notify flag lives in the user's settings, so a reload or
 * another device still shows it: set by the server with every bet status push, cleared by the
 * client when the bet drop opens.
 */
let t: TestApp;
beforeAll(async () => {
  t = await bettingApp();
});
afterAll(async () => {
  await t.close();
});

async function settings(cookies: Record<string, string>) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/core/customer/v2/getSettings',
    cookies,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().settings as Record<string, boolean>;
}

async function update(cookies: Record<string, string>, payload: Record<string, boolean>) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/core/customer/v2/updateSettings',
    cookies,
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().settings as Record<string, boolean>;
}

describe('the header notify flag in the settings', () => {
  it('is set by a placed bet and by its settlement, and cleared by the client', async () => {
    const user = await fundedUser(t);
    expect((await settings(user.cookies)).betNotify).toBe(false);

    const [eventId] = await preMatchEvents(t);
    if (eventId === undefined) throw new Error('no pre-match event');
    const placed = await placeBet(t, user.cookies, {
      selections: [await selectionAt(t, eventId, 1)],
      stake: 100,
    });
    expect(placed.statusCode, placed.body).toBe(200);
    // A fresh read, as after a reload or on another device.
    expect((await settings(user.cookies)).betNotify).toBe(true);

    // Opening the bet drop clears it; the other settings stay as they were.
    const before = await update(user.cookies, { compactMode: true });
    expect(before).toMatchObject({ compactMode: true, betNotify: true });
    expect(await update(user.cookies, { betNotify: false })).toMatchObject({
      compactMode: true,
      betNotify: false,
    });

    await sandbox(t, 'settle', { eventId, home: 2, away: 0 });
    await processSettlements(t.deps);
    expect(await settings(user.cookies)).toMatchObject({ betNotify: true, compactMode: true });
  });

  it('refuses settings that do not exist, changing nothing', async () => {
    const user = await fundedUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/core/customer/v2/updateSettings',
      cookies: user.cookies,
      payload: { betNotify: 'yes' },
    });
    expect(res.statusCode).toBe(400);
    expect((await settings(user.cookies)).betNotify).toBe(false);
  });
});

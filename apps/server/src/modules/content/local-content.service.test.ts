import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { LocalContentService } from './local-content.service';

let dir: string;

async function writeSpace(name: string): Promise<void> {
  await fs.writeFile(
    path.join(dir, 'space.json'),
    JSON.stringify({ id: 7, name, domain: 'https://dau.test/' }),
  );
}

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dau-content-swr-'));
  await fs.mkdir(path.join(dir, 'stories', 'en'), { recursive: true });
  await writeSpace('First');
});

afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

it('answers an expired snapshot at once while the folder is read again, and keeps an unchanged one', async () => {
  let now = 0;
  const content = new LocalContentService({ dir, reloadMs: 1_000, now: () => now });
  const first = await content.current();
  expect(first.space.name).toBe('First');

  // Expired but unchanged: the same snapshot object comes back, now and after the reload.
  now = 5_000;
  expect(await content.current()).toBe(first);
  await new Promise((resolve) => setTimeout(resolve, 50));
  now = 5_500;
  expect(await content.current()).toBe(first);

  // An edit: the first call after expiry still answers the old content, then the new one.
  await writeSpace('Second');
  now = 10_000;
  expect((await content.current()).space.name).toBe('First');
  for (let i = 0; i < 50 && (await content.current()).space.name === 'First'; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const edited = await content.current();
  expect(edited.space.name).toBe('Second');
  expect(edited.version).not.toBe(first.version);
});

it('reads the folder for every call when reloadMs is 0', async () => {
  const content = new LocalContentService({ dir, reloadMs: 0 });
  await writeSpace('Third');
  expect((await content.current()).space.name).toBe('Third');
  await writeSpace('Fourth');
  expect((await content.current()).space.name).toBe('Fourth');
});

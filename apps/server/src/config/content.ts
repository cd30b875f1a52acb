import path from 'node:path';
import { z } from 'zod';
import type { ConfigContext } from './area';

/** The content service: local files or the Storyblok CDN. */
export const contentEnv = {
  /** Folder of the content service's JSON (stories, datasources). */
  CONTENT_DIR: z.string().optional(),
  /** How long loaded content is trusted before the folder is read again (0: every request). */
  CONTENT_RELOAD_MS: z.coerce.number().int().min(0).default(2_000),
  /** With a Storyblok delivery token the content service reads the real Storyblok CDN. */
  STORYBLOK_TOKEN: z.string().optional(),
  STORYBLOK_REGION: z.enum(['eu', 'us', 'ap', 'ca', 'cn']).default('eu'),
  STORYBLOK_CACHE_MS: z.coerce.number().int().min(0).default(60_000),
};

export interface ContentConfig {
  dir: string;
  reloadMs: number;
  storyblok: { token: string; region: 'eu' | 'us' | 'ap' | 'ca' | 'cn'; cacheMs: number } | null;
}

type ContentEnv = z.output<z.ZodObject<typeof contentEnv>>;

export function contentConfig(
  e: ContentEnv,
  _context: ConfigContext,
  defaultDir: string,
): ContentConfig {
  return {
    dir: e.CONTENT_DIR ? path.resolve(e.CONTENT_DIR) : defaultDir,
    reloadMs: e.CONTENT_RELOAD_MS,
    storyblok: e.STORYBLOK_TOKEN
      ? { token: e.STORYBLOK_TOKEN, region: e.STORYBLOK_REGION, cacheMs: e.STORYBLOK_CACHE_MS }
      : null,
  };
}

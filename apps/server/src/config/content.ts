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
  /**
   * Tokens a Storyblok client presents to Dau's content API (ADR 210): the public token reads
   * published content, the preview token drafts as well. Outside production they default to
   * `dau-public` and `dau-preview`; without a preview token drafts cannot be read.
   */
  CONTENT_PUBLIC_TOKEN: z.string().min(8).max(200).optional(),
  CONTENT_PREVIEW_TOKEN: z.string().min(8).max(200).optional(),
};

export interface ContentConfig {
  dir: string;
  reloadMs: number;
  storyblok: { token: string; region: 'eu' | 'us' | 'ap' | 'ca' | 'cn'; cacheMs: number } | null;
  /** Tokens clients present: the public one reads published content, the preview one drafts. */
  tokens: { public: string | null; preview: string | null };
}

type ContentEnv = z.output<z.ZodObject<typeof contentEnv>>;

export function contentConfig(
  e: ContentEnv,
  context: ConfigContext,
  defaultDir: string,
): ContentConfig {
  const development = !context.isProduction;
  return {
    tokens: {
      public: e.CONTENT_PUBLIC_TOKEN ?? (development ? 'dau-public' : null),
      preview: e.CONTENT_PREVIEW_TOKEN ?? (development ? 'dau-preview' : null),
    },
    dir: e.CONTENT_DIR ? path.resolve(e.CONTENT_DIR) : defaultDir,
    reloadMs: e.CONTENT_RELOAD_MS,
    storyblok: e.STORYBLOK_TOKEN
      ? { token: e.STORYBLOK_TOKEN, region: e.STORYBLOK_REGION, cacheMs: e.STORYBLOK_CACHE_MS }
      : null,
  };
}

import { createHash } from 'node:crypto';
import type { Dirent } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { storyContentSchema } from '@dau/contracts/content/delivery-api';

/**
 * Reads the content folder:
 *
 *   content/space.json                          { id, name, domain }
 *   content/stories/{lang}/{full_slug}.json     published stories, one folder per language
 *   content/drafts/{lang}/{full_slug}.json      unpublished edits, served with version=draft
 *   content/datasources/{slug}.json             { name, dimensions, entries }
 *
 * `en` is the default language. The cache version is derived from a hash of every file, so it
 * is the same on every instance serving the same files and changes whenever one changes.
 */

export const DEFAULT_CONTENT_LANGUAGE = 'en';

const isoDate = z.string().datetime({ offset: true });

export const storyFileSchema = z.object({
  name: z.string().min(1),
  content: storyContentSchema,
  published_at: isoDate.nullable().optional(),
  first_published_at: isoDate.nullable().optional(),
  created_at: isoDate.optional(),
  sort_by_date: z.string().nullable().optional(),
  position: z.number().int().optional(),
  tag_list: z.array(z.string()).optional(),
  is_startpage: z.boolean().optional(),
});
export type StoryFile = z.infer<typeof storyFileSchema>;

export const datasourceFileSchema = z.object({
  name: z.string().min(1),
  dimensions: z
    .array(z.object({ name: z.string().min(1), entry_value: z.string().min(1) }))
    .default([]),
  entries: z.array(
    z.object({
      name: z.string().min(1),
      value: z.string(),
      dimensions: z.record(z.string(), z.string()).default({}),
    }),
  ),
});
export type DatasourceFile = z.infer<typeof datasourceFileSchema>;

const spaceFileSchema = z.object({
  id: z.number().int().positive(),
  name: z.string().min(1),
  domain: z.string().min(1),
});

export interface LoadedStory extends StoryFile {
  fullSlug: string;
  lang: string;
}

export interface ContentSnapshot {
  space: z.infer<typeof spaceFileSchema>;
  /** Published stories by language, then full slug. */
  published: Map<string, Map<string, LoadedStory>>;
  /** Draft stories by language, then full slug. */
  drafts: Map<string, Map<string, LoadedStory>>;
  datasources: Map<string, DatasourceFile>;
  languages: string[];
  /** Cache version of the published content (space, stories, datasources): drafts leave it. */
  version: number;
  /** Cache version including drafts, for `version=draft` answers. */
  draftVersion: number;
  /** Files that could not be read; they are skipped so one bad file does not hide the rest. */
  problems: string[];
}

async function listJsonFiles(root: string): Promise<string[]> {
  let entries: Dirent[];
  try {
    entries = await fs.readdir(root, { withFileTypes: true, recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return entries
    .filter((e) => e.isFile() && e.name.endsWith('.json'))
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

function toSlugPath(root: string, file: string): string {
  return path.relative(root, file).slice(0, -'.json'.length).split(path.sep).join('/');
}

async function loadStories(
  root: string,
  hash: ReturnType<typeof createHash>,
  problems: string[],
): Promise<Map<string, Map<string, LoadedStory>>> {
  const byLanguage = new Map<string, Map<string, LoadedStory>>();
  for (const file of await listJsonFiles(root)) {
    const relative = toSlugPath(root, file);
    const [lang, ...slugParts] = relative.split('/');
    if (!lang || slugParts.length === 0) {
      problems.push(`${file}: stories must live in a language folder`);
      continue;
    }
    const raw = await fs.readFile(file);
    hash.update(file).update(raw);
    const parsed = parseJson(raw, storyFileSchema);
    if (!parsed.ok) {
      problems.push(`${file}: ${parsed.error}`);
      continue;
    }
    const stories = byLanguage.get(lang) ?? new Map<string, LoadedStory>();
    const fullSlug = slugParts.join('/');
    stories.set(fullSlug, { ...parsed.value, fullSlug, lang });
    byLanguage.set(lang, stories);
  }
  return byLanguage;
}

function parseJson<T>(
  raw: Buffer,
  schema: z.ZodType<T>,
): { ok: true; value: T } | { ok: false; error: string } {
  let json: unknown;
  try {
    json = JSON.parse(raw.toString('utf8'));
  } catch (error) {
    return { ok: false, error: `invalid JSON (${(error as Error).message})` };
  }
  const result = schema.safeParse(json);
  if (!result.success) {
    return {
      ok: false,
      error: result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
    };
  }
  return { ok: true, value: result.data };
}

export async function loadContent(dir: string): Promise<ContentSnapshot> {
  const hash = createHash('sha256');
  const problems: string[] = [];

  const spacePath = path.join(dir, 'space.json');
  let space: ContentSnapshot['space'] = { id: 1, name: 'Dau', domain: 'https://dau.local/' };
  try {
    const raw = await fs.readFile(spacePath);
    hash.update(raw);
    const parsed = parseJson(raw, spaceFileSchema);
    if (parsed.ok) space = parsed.value;
    else problems.push(`${spacePath}: ${parsed.error}`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }

  const published = await loadStories(path.join(dir, 'stories'), hash, problems);
  const draftHash = createHash('sha256');
  const drafts = await loadStories(path.join(dir, 'drafts'), draftHash, problems);

  const datasources = new Map<string, DatasourceFile>();
  const datasourceRoot = path.join(dir, 'datasources');
  for (const file of await listJsonFiles(datasourceRoot)) {
    const raw = await fs.readFile(file);
    hash.update(file).update(raw);
    const parsed = parseJson(raw, datasourceFileSchema);
    if (parsed.ok) datasources.set(toSlugPath(datasourceRoot, file), parsed.value);
    else problems.push(`${file}: ${parsed.error}`);
  }

  const languages = [...new Set([...published.keys(), ...drafts.keys()])].sort();
  linkStoriesByUuid([published, drafts]);
  // Storyblok's cache versions are integers; 48 bits of the hash stay a safe integer.
  const publishedDigest = hash.digest('hex');
  const version = Number.parseInt(publishedDigest.slice(0, 12), 16);
  const draftVersion = Number.parseInt(
    draftHash.update(publishedDigest).digest('hex').slice(0, 12),
    16,
  );
  return { space, published, drafts, datasources, languages, version, draftVersion, problems };
}

/**
 * Story multilinks are stored as in Storyblok: `id` is the uuid of the story they name. Seed
 * files may give only `cached_url`; the uuid is filled in when a story has that slug.
 */
function linkStoriesByUuid(collections: Map<string, Map<string, LoadedStory>>[]): void {
  const slugs = new Set<string>();
  for (const collection of collections) {
    for (const stories of collection.values()) for (const slug of stories.keys()) slugs.add(slug);
  }
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      node.forEach(visit);
      return;
    }
    if (!node || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    if (record.fieldtype === 'multilink' && record.linktype === 'story' && !record.id) {
      const slug = String(record.cached_url ?? '').replace(/^\/+|\/+$/g, '');
      if (slugs.has(slug)) record.id = storyUuid(slug);
    }
    Object.values(record).forEach(visit);
  };
  for (const collection of collections) {
    for (const stories of collection.values())
      for (const story of stories.values()) visit(story.content);
  }
}

/** Stable numeric id of a slug, shared by all its languages (as Storyblok's translations). */
export function storyId(fullSlug: string): number {
  return Number.parseInt(
    createHash('sha1').update(`story:${fullSlug}`).digest('hex').slice(0, 8),
    16,
  );
}

export function storyUuid(fullSlug: string): string {
  const hex = createHash('sha1').update(`uuid:${fullSlug}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export function datasourceEntryId(datasource: string, name: string): number {
  return Number.parseInt(
    createHash('sha1').update(`entry:${datasource}:${name}`).digest('hex').slice(0, 8),
    16,
  );
}

export function datasourceId(datasource: string): number {
  return Number.parseInt(
    createHash('sha1').update(`datasource:${datasource}`).digest('hex').slice(0, 8),
    16,
  );
}

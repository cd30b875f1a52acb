import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Serialized list answers, kept per page key (the request URL) until the read model's version
 * changes, together with their compressed bodies (br and gzip, made on first demand) and an
 * ETag. A popular page is then served without rebuilding, serializing or compressing it again.
 * ADR 061.
 */
export type ContentCoding = 'br' | 'gzip';

/** Below this size a body travels as it is (the same threshold as @fastify/compress in app.ts). */
export const COMPRESS_THRESHOLD_BYTES = 1024;
const MAX_ENTRIES = 500;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const compressors: Record<ContentCoding, (body: Buffer) => Promise<Buffer>> = {
  // Quality 4, as @fastify/compress uses: an odds change recompresses every page read after it.
  br: (body) =>
    brotli(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  gzip: (body) => gzip(body),
};

export class CachedAnswer {
  /** Weak: the same tag for every content coding of this JSON. */
  readonly etag: string;
  /**
   * The JSON as UTF-8, encoded once: hashing, each compression and the plain reply all read
   * it. (One non-ASCII name makes V8 keep the whole text as a two-byte string, and encoding
   * 80 kB of that again for each of them cost more than building the page.)
   */
  readonly body: Buffer;
  private readonly encoded = new Map<ContentCoding, Promise<Buffer>>();

  constructor(json: string | Buffer) {
    this.body = typeof json === 'string' ? Buffer.from(json) : json;
    this.etag = `W/"${createHash('sha1').update(this.body).digest('base64url')}"`;
  }

  get bytes(): number {
    return this.body.length;
  }

  /** The body in `coding`, compressed once; concurrent requests share the work. */
  encode(coding: ContentCoding): Promise<Buffer> {
    let body = this.encoded.get(coding);
    if (!body) {
      body = compressors[coding](this.body);
      this.encoded.set(coding, body);
      body.catch(() => this.encoded.delete(coding));
    }
    return body;
  }
}

export class AnswerCache {
  private readonly answers = new Map<string, CachedAnswer>();
  private atVersion = -1;

  constructor(
    private readonly version: () => number,
    private readonly maxEntries = MAX_ENTRIES,
  ) {}

  /** The answer for `key` at the current version, computing its JSON on a miss. */
  get(key: string, computeJson: () => string | Buffer): CachedAnswer {
    const version = this.version();
    if (version !== this.atVersion) {
      this.answers.clear();
      this.atVersion = version;
    }
    let answer = this.answers.get(key);
    if (!answer) {
      answer = new CachedAnswer(computeJson());
      if (this.answers.size >= this.maxEntries) this.answers.clear();
      this.answers.set(key, answer);
    }
    return answer;
  }
}

/**
 * The content coding to send for an `Accept-Encoding` header: br, else gzip, else none.
 * A coding with `q=0` is refused; `*` stands for any coding not named.
 */
export function negotiateCoding(header: string | string[] | undefined): ContentCoding | null {
  if (!header) return null;
  const q = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  const accepts = (coding: ContentCoding) => (q.get(coding) ?? q.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return null;
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque);
}

/**
 * Sends a cached answer: 304 when the client's `If-None-Match` names it, otherwise the body in
 * the best coding the client accepts, already compressed. `@fastify/compress` leaves a reply
 * that has a Content-Encoding alone.
 */
export async function sendAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: CachedAnswer,
): Promise<FastifyReply> {
  reply
    .header('etag', answer.etag)
    .header('vary', 'accept-encoding')
    // Odds change any second: the browser may keep a copy but must ask (and gets a 304).
    .header('cache-control', 'no-cache');
  if (matchesEtag(request.headers['if-none-match'], answer.etag)) {
    return reply.code(304).send();
  }
  reply.type('application/json; charset=utf-8');
  const coding =
    answer.bytes >= COMPRESS_THRESHOLD_BYTES
      ? negotiateCoding(request.headers['accept-encoding'])
      : null;
  if (!coding) return reply.send(answer.body);
  const body = await answer.encode(coding);
  return reply.header('content-encoding', coding).send(body);
}

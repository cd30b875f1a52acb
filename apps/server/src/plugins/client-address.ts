import { BlockList, isIP } from 'node:net';

/**
 * Which proxies in front of the server are trusted (TRUST_PROXY, decision 121): none, a number
 * of hops (each trusted proxy appends the address it saw to `X-Forwarded-For`), or the
 * addresses and networks of the trusted proxies. `true` is refused at start-up: trusting every
 * hop means trusting the left-most address, which the client writes itself.
 */
export type TrustProxy = false | number | string[];

/** `a.b.c.d` for IPv4-mapped IPv6 (`::ffff:a.b.c.d`), the address as given otherwise. */
export function plainAddress(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  return mapped ? mapped[1]! : address;
}

function blockListOf(entries: string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address, prefix] = entry.split('/') as [string, string | undefined];
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return list;
}

/** Whether a TRUST_PROXY list entry is an IPv4/IPv6 address or network (`10.0.0.0/8`). */
export function isAddressOrNetwork(entry: string): boolean {
  const [address, prefix, extra] = entry.split('/');
  const family = address ? isIP(address) : 0;
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/**
 * Fastify's `trustProxy` as a function of (address, hop index from the socket): the same rule
 * `clientAddress` applies to Socket.IO handshakes.
 */
export function trustFunction(trust: TrustProxy): (address: string, hop: number) => boolean {
  if (trust === false) return () => false;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  const list = blockListOf(trust);
  return (address) => {
    const plain = plainAddress(address);
    const family = isIP(plain);
    return family !== 0 && list.check(plain, family === 6 ? 'ipv6' : 'ipv4');
  };
}

/**
 * The client's address: walk from the socket's peer back through `X-Forwarded-For` (right to
 * left) while the current hop is a trusted proxy; the first untrusted hop is the client. An
 * address the client put in the header itself is never reached unless every proxy is trusted.
 */
export function clientAddress(
  remoteAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  trust: TrustProxy,
): string {
  const peer = plainAddress(remoteAddress ?? '');
  if (trust === false || !forwardedFor) return peer;
  const header = Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor;
  const hops = [
    peer,
    ...header
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)
      .reverse(),
  ];
  const trusted = trustFunction(trust);
  let index = 0;
  while (index + 1 < hops.length && trusted(hops[index]!, index)) index += 1;
  return plainAddress(hops[index]!);
}

/**
 * The key an address is counted under: an IPv4 address as is, an IPv6 address by its /64
 * network (one subscriber usually holds a whole /64, so counting single addresses is useless).
 */
export function addressKey(address: string): string {
  const plain = plainAddress(address);
  if (isIP(plain) !== 6) return plain;
  const [head = '', tail = ''] = plain.toLowerCase().split('::') as [string, string?];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = plain.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

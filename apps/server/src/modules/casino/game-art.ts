/**
 * Artwork for Dau's games: SVGs drawn here (nothing fetched from elsewhere), 4:3 (400×300),
 * a few kilobytes each, served by `GET {games}/art/{slug}.svg` with a long cache.
 */

const W = 400;
const H = 300;

function frame(title: string, from: string, to: string, body: string): string {
  const id = title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-labelledby="${id}-t"><title id="${id}-t">${title}</title><defs><linearGradient id="${id}-bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="${W}" height="${H}" rx="18" fill="url(#${id}-bg)"/>${body}<rect x="0" y="236" width="${W}" height="64" fill="#000" fill-opacity=".28"/><text x="200" y="279" text-anchor="middle" font-family="system-ui,Segoe UI,Roboto,sans-serif" font-size="34" font-weight="800" fill="#fff" letter-spacing="1">${title}</text></svg>`;
}

function mines(): string {
  let tiles = '';
  const gems = new Set([1, 7, 8, 13, 17]);
  for (let r = 0; r < 4; r++) {
    for (let c = 0; c < 5; c++) {
      const i = r * 5 + c;
      const x = 70 + c * 54;
      const y = 16 + r * 54;
      tiles += `<rect x="${x}" y="${y}" width="46" height="46" rx="8" fill="${gems.has(i) ? '#123d5c' : '#2c5c8a'}"/>`;
      if (gems.has(i)) {
        tiles += `<path d="M${x + 23} ${y + 8} l13 13 -13 17 -13 -17z" fill="#3be8a0"/><path d="M${x + 10} ${y + 21} h26" stroke="#1aa873" stroke-width="2"/>`;
      }
      if (i === 12) {
        tiles += `<circle cx="${x + 23}" cy="${y + 24}" r="12" fill="#111"/><path d="M${x + 23} ${y + 5}v6M${x + 23} ${y + 37}v6M${x + 4} ${y + 24}h6M${x + 36} ${y + 24}h6" stroke="#111" stroke-width="4"/><circle cx="${x + 19}" cy="${y + 20}" r="3" fill="#f55"/>`;
      }
    }
  }
  return frame('Mines', '#0b2440', '#1d4f7c', tiles);
}

function die(x: number, y: number, size: number, pips: [number, number][], tilt: number): string {
  const dots = pips
    .map(
      ([px, py]) =>
        `<circle cx="${px * size}" cy="${py * size}" r="${size * 0.09}" fill="#2b1055"/>`,
    )
    .join('');
  return `<g transform="translate(${x} ${y}) rotate(${tilt})"><rect width="${size}" height="${size}" rx="${size * 0.18}" fill="#fff"/><rect width="${size}" height="${size}" rx="${size * 0.18}" fill="none" stroke="#d9c9ff" stroke-width="4"/>${dots}</g>`;
}

function dice(): string {
  const five: [number, number][] = [
    [0.25, 0.25],
    [0.75, 0.25],
    [0.5, 0.5],
    [0.25, 0.75],
    [0.75, 0.75],
  ];
  const three: [number, number][] = [
    [0.25, 0.25],
    [0.5, 0.5],
    [0.75, 0.75],
  ];
  const body =
    `<circle cx="200" cy="118" r="100" fill="#fff" fill-opacity=".07"/>` +
    die(92, 62, 100, five, -14) +
    die(212, 82, 96, three, 12) +
    `<text x="330" y="48" text-anchor="middle" font-family="system-ui,sans-serif" font-size="22" font-weight="700" fill="#ffd84d">49.50</text>`;
  return frame('Dice', '#2b1055', '#7537c9', body);
}

function plinko(): string {
  let pegs = '';
  for (let r = 0; r < 6; r++) {
    for (let c = 0; c <= r + 2; c++) {
      const x = 200 - (r + 2) * 18 + c * 36;
      pegs += `<circle cx="${x}" cy="${30 + r * 28}" r="5" fill="#fff" fill-opacity=".9"/>`;
    }
  }
  const slots = ['#ff4d6d', '#ff9f1c', '#ffd84d', '#2ec4b6', '#ffd84d', '#ff9f1c', '#ff4d6d'];
  const labels = ['9×', '2×', '0.5×', '0.3×', '0.5×', '2×', '9×'];
  const row = slots
    .map(
      (fill, i) =>
        `<rect x="${76 + i * 36}" y="200" width="32" height="26" rx="5" fill="${fill}"/><text x="${92 + i * 36}" y="218" text-anchor="middle" font-family="system-ui,sans-serif" font-size="11" font-weight="700" fill="#1b1b1b">${labels[i]}</text>`,
    )
    .join('');
  const ball = `<circle cx="218" cy="100" r="9" fill="#ff4d6d" stroke="#fff" stroke-width="2"/><path d="M200 24 q10 30 18 76" stroke="#fff" stroke-opacity=".35" stroke-width="3" fill="none" stroke-dasharray="4 5"/>`;
  return frame('Plinko', '#06283d', '#1363a6', pegs + row + ball);
}

function scratch(): string {
  let cells = '';
  const symbols = ['★', '7', '★', '♦', '★', '7', '♣', '♦', '7'];
  for (let i = 0; i < 9; i++) {
    const x = 110 + (i % 3) * 62;
    const y = 22 + Math.floor(i / 3) * 68;
    const scratched = i !== 7 && i !== 8;
    cells += scratched
      ? `<rect x="${x}" y="${y}" width="54" height="60" rx="8" fill="#fff7e0"/><text x="${x + 27}" y="${y + 42}" text-anchor="middle" font-family="system-ui,sans-serif" font-size="32" font-weight="800" fill="${symbols[i] === '★' ? '#e0a100' : '#c1121f'}">${symbols[i]}</text>`
      : `<rect x="${x}" y="${y}" width="54" height="60" rx="8" fill="#b8bcc6"/><path d="M${x + 8} ${y + 14} l38 10 M${x + 8} ${y + 30} l38 10" stroke="#d7dae0" stroke-width="5"/>`;
  }
  const card = `<rect x="96" y="10" width="208" height="218" rx="14" fill="#e63946"/>`;
  const coin = `<circle cx="318" cy="190" r="22" fill="#ffd84d" stroke="#b58900" stroke-width="4"/><text x="318" y="198" text-anchor="middle" font-family="system-ui,sans-serif" font-size="20" font-weight="800" fill="#b58900">D</text>`;
  return frame('Scratch card', '#5f0f40', '#e36414', card + cells + coin);
}

function keno(): string {
  const hits = new Set([3, 8, 11, 17, 22, 26, 31, 37]);
  const picks = new Set([3, 11, 17, 20, 26, 34]);
  let balls = '';
  for (let n = 1; n <= 40; n++) {
    const x = 42 + ((n - 1) % 8) * 45;
    const y = 30 + Math.floor((n - 1) / 8) * 42;
    const hit = hits.has(n) && picks.has(n);
    const fill = hit ? '#2ec4b6' : picks.has(n) ? '#ffd84d' : hits.has(n) ? '#ff6b6b' : '#ffffff';
    const ink = hit || hits.has(n) ? '#fff' : '#14213d';
    balls += `<circle cx="${x}" cy="${y}" r="17" fill="${fill}" fill-opacity="${fill === '#ffffff' ? 0.16 : 1}"/><text x="${x}" y="${y + 6}" text-anchor="middle" font-family="system-ui,sans-serif" font-size="15" font-weight="700" fill="${fill === '#ffffff' ? '#fff' : ink}">${n}</text>`;
  }
  return frame('Keno', '#14213d', '#2a4d8f', balls);
}

function roulette(): string {
  const cx = 200;
  const cy = 118;
  const r = 104;
  let segments = '';
  const count = 37;
  for (let i = 0; i < count; i++) {
    const a0 = (i / count) * Math.PI * 2;
    const a1 = ((i + 1) / count) * Math.PI * 2;
    const p = (a: number, rr: number) =>
      `${(cx + Math.cos(a) * rr).toFixed(1)} ${(cy + Math.sin(a) * rr).toFixed(1)}`;
    const fill = i === 0 ? '#1f9d55' : i % 2 === 0 ? '#111' : '#c1121f';
    segments += `<path d="M${p(a0, 56)} L${p(a0, r)} A${r} ${r} 0 0 1 ${p(a1, r)} L${p(a1, 56)} A56 56 0 0 0 ${p(a0, 56)}z" fill="${fill}"/>`;
  }
  const body =
    `<circle cx="${cx}" cy="${cy}" r="${r + 8}" fill="#6b3e1f"/>` +
    segments +
    `<circle cx="${cx}" cy="${cy}" r="56" fill="#8a5a2b"/><circle cx="${cx}" cy="${cy}" r="22" fill="#d4a24c"/><path d="M${cx} ${cy - 40}v80M${cx - 40} ${cy}h80" stroke="#d4a24c" stroke-width="6" stroke-linecap="round"/><circle cx="${cx + 70}" cy="${cy - 52}" r="8" fill="#fff"/>`;
  return frame('Roulette', '#03251a', '#0b6e4f', body);
}

function highFlyer(): string {
  const body =
    `<path d="M20 228 Q200 220 330 70 L330 236 L20 236z" fill="#ff4d6d" fill-opacity=".25"/>` +
    `<path d="M20 228 Q200 220 330 70" stroke="#ff4d6d" stroke-width="6" fill="none" stroke-linecap="round"/>` +
    `<g transform="translate(330 66) rotate(-38)"><path d="M-30 0 L22 -6 Q34 0 22 6 Z" fill="#fff"/><path d="M-4 -4 L-16 -26 L-6 -26 L10 -4z M-4 4 L-16 26 L-6 26 L10 4z" fill="#e9ecef"/><path d="M-28 -2 L-36 -14 L-30 -14 L-20 -2z" fill="#e9ecef"/></g>` +
    `<text x="120" y="110" text-anchor="middle" font-family="system-ui,sans-serif" font-size="50" font-weight="900" fill="#fff">2.47×</text>`;
  return frame('High Flyer', '#1a0b2e', '#5a189a', body);
}

function virtualFootball(): string {
  const body =
    `<rect x="24" y="20" width="352" height="204" rx="10" fill="#2d8a3e" stroke="#fff" stroke-opacity=".8" stroke-width="3"/>` +
    `<path d="M200 20v204" stroke="#fff" stroke-opacity=".8" stroke-width="3"/><circle cx="200" cy="122" r="36" fill="none" stroke="#fff" stroke-opacity=".8" stroke-width="3"/>` +
    `<rect x="24" y="80" width="44" height="84" fill="none" stroke="#fff" stroke-opacity=".8" stroke-width="3"/><rect x="332" y="80" width="44" height="84" fill="none" stroke="#fff" stroke-opacity=".8" stroke-width="3"/>` +
    `<circle cx="262" cy="98" r="18" fill="#fff"/><path d="M262 86 l9 7 -3 10 h-12 l-3 -10z" fill="#111"/>` +
    `<rect x="120" y="30" width="160" height="32" rx="8" fill="#000" fill-opacity=".55"/><text x="200" y="53" text-anchor="middle" font-family="system-ui,sans-serif" font-size="18" font-weight="800" fill="#fff">NAI 2 – 1 MSA</text>`;
  return frame('Virtual Football', '#0b3d20', '#1b7a3a', body);
}

const ART: Record<string, () => string> = {
  mines,
  dice,
  plinko,
  'scratch-card': scratch,
  keno,
  roulette,
  'redo-high-flyer': highFlyer,
  'virtual-football': virtualFootball,
};

const cache = new Map<string, string>();

/** The SVG of a game by slug (case-insensitive), or null when Dau has no artwork for it. */
export function gameArt(slug: string): string | null {
  const key = slug.toLowerCase();
  const draw = Object.hasOwn(ART, key) ? ART[key] : undefined;
  if (!draw) return null;
  let svg = cache.get(key);
  if (!svg) {
    svg = draw();
    cache.set(key, svg);
  }
  return svg;
}

export const ART_SLUGS = Object.keys(ART);

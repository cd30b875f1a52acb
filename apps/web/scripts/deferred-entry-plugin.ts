import { minifySync, type Plugin } from 'vite';

/** The module entry and the preloads Vite writes into index.html. */
const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * The loader that starts the app's JavaScript once the page has shown its content (ADR 184).
 * A classic deferred script (no imports): it reads the entry and its preloads from its
 * `data-load` attribute, waits for the page's images that are not lazy (the first screen's: home's
 * first promotion, the casino's first tiles) to load, or at most `LOADER_WAIT_MS`, then for two
 * frames (the images painted), and only then asks for the modules and the whole stylesheet (the
 * server leaves it as a `<link data-href>`, ADR 186). On a slow link the HTML, its critical CSS
 * and those images get the whole line first; the app hydrates a moment later.
 */
export const LOADER_WAIT_MS = 3000;
export const loaderSource = `(function () {
  var files = document.currentScript.dataset.load.split(' ');
  var waiting = 1;
  function start() {
    if (!files) return;
    [].forEach.call(document.querySelectorAll('link[data-href]'), function (link) {
      link.href = link.dataset.href;
    });
    files.forEach(function (file, i) {
      var tag = document.createElement(i ? 'link' : 'script');
      if (i) tag.rel = 'modulepreload';
      else tag.type = 'module';
      tag[i ? 'href' : 'src'] = file;
      tag.crossOrigin = '';
      document.head.appendChild(tag);
    });
    files = null;
  }
  function done() {
    if (--waiting) return;
    requestAnimationFrame(function () {
      requestAnimationFrame(function () {
        setTimeout(start);
      });
    });
  }
  [].forEach.call(document.images, function (image) {
    if (image.complete || image.loading === 'lazy') return;
    waiting++;
    image.onload = image.onerror = done;
  });
  done();
  setTimeout(start, ${LOADER_WAIT_MS});
})();
`;

/**
 * Moves the entry `<script type="module">` and its `<link rel="modulepreload">`s of the built
 * index.html into the data attributes of one small deferred loader (`assets/boot-<hash>.js`,
 * `loaderSource`), so no script competes with the first paint for the link (ADR 184).
 */
export function deferredEntry(): Plugin {
  let loaderRef = '';
  return {
    name: 'dau:deferred-entry',
    apply: 'build',
    buildStart() {
      loaderRef = this.emitFile({
        type: 'asset',
        name: 'boot.js',
        source: minifySync('boot.js', loaderSource, { compress: { target: 'es2020' } }).code,
      });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const loader = Object.values(context.bundle ?? {}).find(
          (output) => output.type === 'asset' && output.names.includes('boot.js'),
        );
        if (!loader || !loaderRef) throw new Error('dau:deferred-entry: no loader emitted');
        return moveEntryIntoLoader(html, `/${loader.fileName}`);
      },
    },
  };
}

/** index.html with its module entry and preloads moved into the loader's `data-load`. */
export function moveEntryIntoLoader(html: string, loaderPath: string): string {
  const entry = ENTRY_SCRIPT.exec(html)?.[1];
  if (!entry) throw new Error('dau:deferred-entry: index.html has no module entry script');
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]);
  const files = [entry, ...preloads].join(' ');
  const tag = `<script src="${loaderPath}" defer data-load="${files}"></script>`;
  return html
    .replace(ENTRY_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace('</head>', `    ${tag}\n  </head>`);
}

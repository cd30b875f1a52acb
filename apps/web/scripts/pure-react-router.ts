import type { Plugin } from 'vite';

/**
 * React Router 7 ships one large module without pure annotations: its `React.createContext`,
 * `forwardRef` and `memo` calls and `X.displayName = '…'` lines keep components the app never
 * uses (ScrollRestoration, Scripts, NavLink, the framework's prefetch links…) in the entry chunk.
 * This marks those calls pure, drops the displayName lines (React DevTools names only) and turns
 * off its development warnings (the one line in which its `production` build differs, which the
 * package's exports never select), so the bundler can leave unused parts out (ADR 004). Nothing else in the code changes.
 */
export function pureReactRouter(): Plugin {
  return {
    name: 'dau-pure-react-router',
    apply: 'build',
    transform: {
      filter: { id: /[\\/]node_modules[\\/]react-router[\\/]dist[\\/].*\.mjs$/ },
      handler(code) {
        const out = code
          .replace(/\b(React\d*)\.(createContext|forwardRef|memo)\(/g, '/* @__PURE__ */ $1.$2(')
          .replace(/^[A-Za-z_$][\w$]*\.displayName = "[^"\n]*";$/gm, '')
          .replace(/^var ENABLE_DEV_WARNINGS = true;$/m, 'var ENABLE_DEV_WARNINGS = false;');
        return out === code ? null : { code: out, map: null };
      },
    },
  };
}

import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * The content of `/` in four chunks instead of about fifteen (ADR 004): `home` holds what only
 * the home page uses (the page, the promotions), `home-shared` what it shares with other pages;
 * `home-slots` the sports slots, which hydrate after the first paint (ADR 182), and
 * `home-slots-shared` what they share with other pages (event rows, odds buttons, the betslip
 * store, the live store, domain rules). The entry's own modules stay in the entry. Rolldown otherwise cuts these modules into
 * many small shared chunks, and gzip compresses each alone: grouped, the first load of `/` is
 * about 3 kB gzip smaller, and the sports pages load `home-shared` without the home page.
 */
interface ModuleGraph {
  getModuleInfo(
    id: string,
  ): { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null;
}

function closure(graph: ModuleGraph, roots: Iterable<string>, dynamic: boolean): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const id = queue.pop() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    const info = graph.getModuleInfo(id);
    queue.push(...(info?.importedIds ?? []));
    if (dynamic) queue.push(...(info?.dynamicallyImportedIds ?? []));
  }
  return seen;
}

export function homeChunk(root: string) {
  const entry = path.join(root, 'src/main.tsx');
  const page = path.join(root, 'src/features/home/home-page.tsx');
  const slots = path.join(root, 'src/features/sports/home-slots.tsx');
  let groupOf: Map<string, string> | null = null;

  function plan(graph: ModuleGraph): Map<string, string> {
    const shell = closure(graph, [entry], false);
    const lazyRoots = new Set(
      [...closure(graph, [entry], true)].flatMap(
        (id) => graph.getModuleInfo(id)?.dynamicallyImportedIds ?? [],
      ),
    );
    lazyRoots.delete(page);
    lazyRoots.delete(slots);
    const elsewhere = closure(graph, lazyRoots, false);
    const groups = new Map<string, string>();
    const first = closure(graph, [page], false);
    for (const id of first) {
      if (shell.has(id)) continue;
      groups.set(id, elsewhere.has(id) ? 'home-shared' : 'home');
    }
    // The sports slots hydrate after the first paint (home-page.tsx): their modules in two
    // chunks of their own, out of the first load.
    for (const id of closure(graph, [slots], false)) {
      if (shell.has(id) || first.has(id)) continue;
      groups.set(id, elsewhere.has(id) ? 'home-slots-shared' : 'home-slots');
    }
    return groups;
  }

  const plugin: Plugin = {
    name: 'dau-home-chunk',
    buildStart() {
      groupOf = null;
    },
  };
  const group = {
    name: (id: string, ctx: ModuleGraph): string | null => {
      groupOf ??= plan(ctx);
      return groupOf.get(id) ?? null;
    },
    // Only the modules above, not their imports (the entry's modules stay in the entry).
    includeDependenciesRecursively: false,
  };
  return { plugin, group };
}

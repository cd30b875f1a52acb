import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * One chunk for the content of `/` (ADR 004): the home route's modules and everything they
 * import statically that the entry does not already hold. Rolldown otherwise cuts them into
 * about fifteen small shared chunks, and gzip compresses each alone: as one chunk the first load
 * of `/` is about 3 kB gzip smaller. Pages that share these modules (the sports lists, the event
 * page) load this chunk too; they use most of it.
 */
interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

function staticClosure(graph: ModuleGraph, roots: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const id = queue.pop() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    queue.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

export function homeChunk(root: string) {
  const entry = path.join(root, 'src/main.tsx');
  const home = ['src/features/home/home-page.tsx', 'src/features/sports/home-slots.tsx'].map((p) =>
    path.join(root, p),
  );
  let members: Set<string> | null = null;
  const plugin: Plugin = {
    name: 'dau-home-chunk',
    buildStart() {
      members = null;
    },
  };
  const group = {
    name: (id: string, ctx: ModuleGraph): string | null => {
      if (!members) {
        const shell = staticClosure(ctx, [entry]);
        members = new Set([...staticClosure(ctx, home)].filter((m) => !shell.has(m)));
      }
      return members.has(id) ? 'home' : null;
    },
    // The entry's modules stay in the entry: only the members above, not their imports.
    includeDependenciesRecursively: false,
  };
  return { plugin, group };
}

import type { Plugin } from 'vite';

type Group = { name: string; test: (id: string) => boolean; includeDependenciesRecursively?: boolean };

const ICON = /[\\/]node_modules[\\/]lucide-react[\\/]/;
/** The screens a member's first page is made of (client/src/App.tsx loads them side by side). */
const MEMBER_HOME = [/[\\/]client[\\/]src[\\/]routes[\\/]home\.tsx$/, /[\\/]client[\\/]src[\\/]features[\\/]files[\\/]upload-dialog\.tsx$/];

/**
 * Fewer, larger chunks for a member's first page (measured in bench/README.md, "Page speed").
 *
 * Left to itself the bundler gives every module that two lazy screens share a file of its own:
 * the member home loaded about forty scripts, a dozen of them single icons of 1 kB, and on a
 * phone's connection each costs a round trip more than its bytes (Lighthouse's largest paint
 * waited on them). So everything the home and the upload queue import beyond the landing's
 * entry script is one chunk, and the icons another. Modules the entry loads stay in it, so a
 * visitor downloads nothing of the member screens. Icons are taken whole because the icon
 * library's index names every icon: which ones the entry uses cannot be told from the graph.
 */
export function memberChunks(): { plugin: Plugin; groups: Group[] } {
  const entry = new Set<string>();
  const home = new Set<string>();
  const plugin: Plugin = {
    name: 'kaleido-member-chunks',
    apply: 'build',
    buildEnd() {
      const walk = (into: Set<string>, id: string) => {
        if (into.has(id)) return;
        into.add(id);
        for (const next of this.getModuleInfo(id)?.importedIds ?? []) walk(into, next);
      };
      entry.clear();
      home.clear();
      const ids = [...this.getModuleIds()];
      for (const id of ids) if (this.getModuleInfo(id)?.isEntry) walk(entry, id);
      for (const id of ids) if (MEMBER_HOME.some((re) => re.test(id))) walk(home, id);
      if (home.size === 0) this.error('member-chunks: the member home screens were not found: update MEMBER_HOME');
    },
  };
  const groups: Group[] = [
    { name: 'icons', test: (id) => ICON.test(id) },
    { name: 'member-home', test: (id) => home.has(id) && !entry.has(id) && !ICON.test(id), includeDependenciesRecursively: false },
  ];
  return { plugin, groups };
}

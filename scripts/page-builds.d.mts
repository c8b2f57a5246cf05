/** Types of `page-builds.mjs` (plain JavaScript, so that `setup.mjs` can run it before npm installs). */

export type PageLayout = { pagesDir: string; link: string; stagingDir: string };
export type PagePlan = 'current' | 'switch' | 'build';
export type CurrentPages =
  { isDirectory: true; path: string } | { isDirectory: false; path: string; name: string | null };

export declare class PagesInUseError extends Error {}

export declare function pageLayout(root: string): PageLayout;
export declare function planPages(layout: PageLayout, key: string, options?: { force?: boolean }): PagePlan;
export declare function ensurePages(
  layout: PageLayout,
  options: {
    key: string;
    settings: { publicOrigin: string; contactEmail: string | null };
    force?: boolean;
    /** Writes the site to `<buildDirectory>/client`. */
    build: (buildDirectory: string) => void;
    log: (message: string) => void;
    startGraceMs?: number;
  },
): PagePlan;
export declare function readCurrent(layout: PageLayout): CurrentPages | null;
export declare function listBuilds(layout: PageLayout): string[];
export declare function findHolders(directories: string[]): Map<string, number[]> | null;

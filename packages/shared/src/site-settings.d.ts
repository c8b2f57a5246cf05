/** Types of `site-settings.js` (plain JavaScript, so that `scripts/setup.mjs` can run it before npm installs). */

export declare const DEFAULT_HOST: string;
export declare const DEFAULT_PORT: number;
export declare const WILDCARD_PUBLIC_HOST: string;

export declare class SiteSettingError extends Error {}

export declare function parsePublicOrigin(raw: string, name?: string): string;
export declare function parsePort(raw: string | undefined): number;
export declare function listenOrigin(host: string, port: number): string;
export declare function parseContactEmail(raw: string, name?: string): string;

export type SiteSettings = {
  /** Where visitors reach the site: canonical URLs, hreflang, structured data, the sitemap, the API examples. */
  readonly publicOrigin: string;
  /** The operator's address for visitors, or null when none is set (the site then names none). */
  readonly contactEmail: string | null;
  /** What the operator may want to know about these settings, one sentence each. */
  readonly notes: readonly string[];
};

export declare function readSiteSettings(env: Readonly<Record<string, string | undefined>>): SiteSettings;

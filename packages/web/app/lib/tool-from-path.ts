import { SITE_TOOL_IDS, TOOLS, splitLocale, type ToolId } from '@quire/shared';

/** The tool whose page a pathname shows, e.g. `merge` for `/de/merge-pdf`. */
export function toolFromPath(pathname: string): ToolId | null {
  const slug = splitLocale(pathname).rest.replace(/^\/+|\/+$/g, '');
  return SITE_TOOL_IDS.find((id) => TOOLS[id].slug === slug) ?? null;
}

import { execFileSync, spawnSync } from 'node:child_process';

/** What a PDF offers to move around in it, as qpdf and poppler read it (never MuPDF, which writes it). */
export type Navigation = {
  /** Each page's first line of text. */
  pages: string[];
  /** Bookmarks in order, with their depth (0 at the top) and target page (from 1; null: none or not a page). */
  outline: { title: string; depth: number; page: number | null }[];
  /** Form fields with the page of their widget (from 1) and their value. */
  fields: { name: string; page: number | null; value: string }[];
  /** Internal links by the page they sit on (from 1), with the page they lead to (null: nowhere). */
  links: { page: number; target: number | null }[];
};

type QpdfValue = string | number | boolean | null | QpdfValue[] | { [key: string]: QpdfValue };
type OutlineJson = { title: string; dest: QpdfValue; destpageposfrom1: number | null; kids: OutlineJson[] };
type QpdfJson = {
  pages: { object: string }[];
  outlines: OutlineJson[];
  acroform: { fields: { fullname: string; pageposfrom1: number | null; value: QpdfValue }[] };
  qpdf: [unknown, Record<string, { value?: QpdfValue }>];
};

export function readNavigation(path: string): Navigation {
  // qpdf answers 3 when it read the file with warnings (a damaged file it repaired).
  const qpdf = spawnSync(
    'qpdf',
    ['--json', '--json-key=pages', '--json-key=outlines', '--json-key=acroform', '--json-key=qpdf', path],
    { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
  );
  if (qpdf.status !== 0 && qpdf.status !== 3) throw new Error(`qpdf could not read ${path}: ${qpdf.stderr}`);
  const json = JSON.parse(qpdf.stdout) as QpdfJson;
  const objects = json.qpdf[1];
  const resolve = (value: QpdfValue | undefined): QpdfValue | undefined =>
    typeof value === 'string' && / \d+ R$/.test(value) ? objects[`obj:${value}`]?.value : value;
  const dict = (value: QpdfValue | undefined) =>
    (resolve(value) ?? {}) as { [key: string]: QpdfValue | undefined };
  const pageOf = new Map(json.pages.map((page, index) => [page.object, index + 1]));

  const catalog = dict(dict(objects['trailer']?.value)['/Root']);
  const namedDests = new Map<string, QpdfValue>();
  const collectNames = (node: QpdfValue | undefined) => {
    const entries = dict(node);
    const names = (resolve(entries['/Names']) ?? []) as QpdfValue[];
    for (let index = 0; index + 1 < names.length; index += 2)
      namedDests.set(String(names[index]).replace(/^u:/, ''), names[index + 1] as QpdfValue);
    for (const kid of (resolve(entries['/Kids']) ?? []) as QpdfValue[]) collectNames(kid);
  };
  collectNames(dict(catalog['/Names'])['/Dests']);
  const targetOf = (destination: QpdfValue | undefined): number | null => {
    let dest = resolve(destination);
    if (typeof dest === 'string') dest = resolve(namedDests.get(dest.replace(/^u:/, '')));
    if (dest && typeof dest === 'object' && !Array.isArray(dest)) dest = resolve(dest['/D']);
    const page = Array.isArray(dest) ? dest[0] : null;
    return typeof page === 'string' ? (pageOf.get(page) ?? null) : null;
  };

  const links: Navigation['links'] = [];
  json.pages.forEach((page, index) => {
    const annots = (resolve(dict(page.object)['/Annots']) ?? []) as QpdfValue[];
    for (const annot of annots) {
      const entries = dict(annot);
      if (entries['/Subtype'] !== '/Link') continue;
      const action = dict(entries['/A']);
      if (entries['/Dest'] === undefined && action['/S'] !== '/GoTo') continue;
      links.push({ page: index + 1, target: targetOf(entries['/Dest'] ?? action['/D']) });
    }
  });

  const outline: Navigation['outline'] = [];
  const walk = (items: OutlineJson[], depth: number) => {
    for (const item of items) {
      // qpdf places a bookmark's /Dest; one that is a GoTo action (/A /D) is placed here.
      outline.push({ title: item.title, depth, page: item.destpageposfrom1 ?? targetOf(item.dest) });
      walk(item.kids, depth + 1);
    }
  };
  walk(json.outlines, 0);

  const pages = execFileSync('pdftotext', ['-layout', path, '-'], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  })
    .split('\f')
    .slice(0, json.pages.length)
    .map((text) => text.trim().split('\n')[0]?.trim() ?? '');

  return {
    pages,
    outline,
    fields: json.acroform.fields.map((field) => ({
      name: field.fullname,
      page: field.pageposfrom1,
      value: String(field.value).replace(/^u:/, ''),
    })),
    links,
  };
}

import { useEffect, useState } from 'react';
import type { PageDocument } from '../../../components/page-view/use-page-document.ts';
import type { PageRenderer } from '../../../components/page-view/page-renderer.ts';

type Opened = { readonly password: string | undefined; readonly state: PageDocument; close(): void };

/**
 * Each chosen PDF opened for its pages to be drawn, each in a renderer worker of its own, loaded on first use. A
 * file opens once; a new password opens it again; a file no longer chosen has its worker ended, as do all when the
 * component goes.
 */
export function usePageDocuments(
  files: readonly File[],
  passwords: Readonly<Record<number, string>>,
): ReadonlyMap<File, PageDocument> {
  const [opened] = useState(() => new Map<File, Opened>());
  const [, setVersion] = useState(0);

  useEffect(() => {
    const wanted = new Map(files.map((file, index) => [file, passwords[index]] as const));
    for (const [file, entry] of [...opened]) {
      if (wanted.has(file) && wanted.get(file) === entry.password) continue;
      entry.close();
      opened.delete(file);
    }
    for (const [file, password] of wanted) {
      if (opened.has(file)) continue;
      let renderer: PageRenderer | null = null;
      let isCurrent = true;
      const entry: { -readonly [K in keyof Opened]: Opened[K] } = {
        password,
        state: { status: 'loading' },
        close: () => {
          isCurrent = false;
          renderer?.close();
        },
      };
      opened.set(file, entry);
      const settle = (state: PageDocument) => {
        if (!isCurrent) return;
        entry.state = state;
        setVersion((version) => version + 1);
      };
      void import('../../../components/page-view/page-renderer.ts')
        .then(async ({ openPageRenderer }) => {
          if (!isCurrent) return;
          renderer = openPageRenderer(file, password);
          const result = await renderer.opened;
          settle(result.status === 'open' ? { ...result, renderer } : { status: result.status });
        })
        // The renderer's code could not be fetched: the file's pages cannot be shown.
        .catch(() => settle({ status: 'damaged' }));
    }
    setVersion((version) => version + 1);
  }, [files, passwords, opened]);

  useEffect(
    () => () => {
      for (const entry of opened.values()) entry.close();
      opened.clear();
    },
    [opened],
  );

  return new Map(files.map((file) => [file, opened.get(file)?.state ?? { status: 'loading' }]));
}

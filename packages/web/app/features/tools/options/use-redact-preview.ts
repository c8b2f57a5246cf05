import { TOOLS, type RedactPreview } from '@quire/shared';
import { useEffect, useState } from 'react';
import { runTool } from '../../../lib/api-client.ts';

/** How long the words must rest before they are looked for: a search still being typed is not sent. */
const SETTLE_MS = 700;

export type RedactPreviewState =
  | { readonly status: 'idle' | 'finding' | 'failed' }
  | { readonly status: 'found'; readonly preview: RedactPreview };

/**
 * The places Redact PDF would remove for a file and a search, found by the server itself (`preview=true`: the same
 * reading of the pages, the same hyphen-joined words and regular expressions' time budget as the redaction), so that
 * the numbers a visitor unticks are those the redaction skips. A new file, password or search asks again, and the
 * job of the one before is cancelled.
 */
export function useRedactPreview(
  file: File,
  password: string | undefined,
  search: string,
  regex: string,
): RedactPreviewState {
  const key = `${search}\n${regex}\n${password ?? ''}`;
  const [state, setState] = useState<{ file: File; key: string; value: RedactPreviewState } | null>(null);
  useEffect(() => {
    if (search === '') return;
    const controller = new AbortController();
    const settle = (value: RedactPreviewState) => {
      if (!controller.signal.aborted) setState({ file, key, value });
    };
    const timer = setTimeout(() => {
      runTool(TOOLS.redact, {
        files: [file],
        passwords: password === undefined ? {} : { 0: password },
        options: { search, regex, preview: 'true' },
        signal: controller.signal,
      })
        .then(async ({ blob }) =>
          settle({ status: 'found', preview: JSON.parse(await blob.text()) as RedactPreview }),
        )
        .catch(() => settle({ status: 'failed' }));
    }, SETTLE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [file, password, search, regex, key]);
  if (search === '') return { status: 'idle' };
  return state && state.file === file && state.key === key ? state.value : { status: 'finding' };
}

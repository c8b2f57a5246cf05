import { formatBytes, LOCALE_INFO } from '@quire/shared';
import { useLocale } from '../../../i18n/use-locale.ts';
import { useT } from '../../../i18n/use-t.ts';
import { readCompressionResult } from './compression-result.ts';
import type { ToolResultDetailsProps } from './index.ts';

/** After compression: original size, compressed size and the reduction, or a plain word that nothing was saved. */
export function CompressSummary({ job }: ToolResultDetailsProps) {
  const t = useT();
  const numberLocale = LOCALE_INFO[useLocale()].tag;
  const result = readCompressionResult(job);
  if (!result) return null;
  const sizes = [
    { label: t('tools.compress.result.originalSize'), bytes: result.originalBytes, testId: 'original-size' },
    {
      label: t('tools.compress.result.compressedSize'),
      bytes: result.compressedBytes,
      testId: 'compressed-size',
    },
  ];
  return (
    <div className="w-full max-w-md" data-testid="compression-summary" data-outcome={result.outcome}>
      <dl className="grid grid-cols-2 gap-3">
        {sizes.map((size) => (
          <div key={size.testId} className="rounded-xl bg-white px-3 py-2 shadow-sm">
            <dt className="text-xs text-slate-600">{size.label}</dt>
            <dd className="text-lg font-semibold text-slate-900 tabular-nums" data-testid={size.testId}>
              {formatBytes(size.bytes, numberLocale)}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-sm font-medium text-emerald-900" data-testid="compression-message">
        {result.outcome === 'reduced'
          ? t('tools.compress.result.reduced', { percent: result.reductionPercent })
          : t('tools.compress.result.unchanged')}
      </p>
    </div>
  );
}

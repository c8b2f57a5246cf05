import { LOCALE_INFO } from '@quire/shared';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useLocale } from '../../../i18n/use-locale.ts';
import { OptionFields } from './generic-options.tsx';
import type { ToolOptionsProps } from './index.ts';
import { SignCertificate } from './sign-certificate.tsx';
import { todayIn } from './sign-placements.ts';

/** The signature pad and the page to place it on load once a file is chosen: the other tool pages need none of it. */
const SignPages = lazy(() => import('./sign-pages.tsx').then((module) => ({ default: module.SignPages })));

/** The texts written under each signature, as the generic form shows them. */
const TEXT_OPTIONS = ['name', 'date'];

/**
 * Sign PDF: its signature, made and placed on the chosen file's pages (`SignPages`), the name and date written
 * under it, and a certificate signature if wanted (`SignCertificate`). The date starts as today's, written as the page's language writes dates (the server writes it as sent);
 * the visitor may change or empty it.
 */
export function SignOptions(props: ToolOptionsProps) {
  const { files } = props;
  const tag = LOCALE_INFO[useLocale()].tag;
  const latest = useRef(props);
  latest.current = props;
  useEffect(() => {
    const { values, onChange } = latest.current;
    if (values.date === undefined) onChange({ ...values, date: todayIn(tag) });
  }, [tag]);
  return (
    <div className="mt-6 space-y-4" data-testid="tool-options">
      {files[0] && (
        <Suspense fallback={null}>
          <SignPages {...props} file={files[0]} />
        </Suspense>
      )}
      <OptionFields {...props} toolId="sign" only={TEXT_OPTIONS} />
      <SignCertificate {...props} />
    </div>
  );
}
